import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SESSION } from '#server/constants';
import { M } from '#shared/messages';
import { startTestServer, type TestServer } from '../helpers/server';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.stop());

const signUp = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  password: 'Str0ng!Pass',
  confirm_password: 'Str0ng!Pass',
};

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${srv.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** One raw tRPC call over a WebSocket, with optional headers on the upgrade request. */
function wsCall(path: string, headers: Record<string, string> = {}) {
  return new Promise<unknown>((resolve, reject) => {
    const ws = new WebSocket(`${srv.url.replace('http', 'ws')}/trpc`, { headers });
    ws.on('error', reject);
    ws.on('open', () => ws.send(JSON.stringify({ id: 1, method: 'query', params: { path } })));
    ws.on('message', (data) => {
      const msg = JSON.parse(String(data));
      if (msg.id !== 1) return;
      ws.close();
      resolve(msg.result ? msg.result.data : msg.error);
    });
  });
}

describe('one process, one port', () => {
  it('GET /healthz is 200 with a database check', async () => {
    const res = await fetch(`${srv.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, db: 'ok', bus: 'in-process' });
  });

  it.each(['/events', '/auth', '/event/123', '/no/such/page'])(
    'GET %s returns the app HTML (SPA fallback)',
    async (p) => {
      const res = await fetch(`${srv.url}${p}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(await res.text()).toMatch(/<div id="root">/);
    },
  );

  it('says the client is not built yet (503) when the bundle is missing, and still serves the API', async () => {
    const bare = await startTestServer({ overrides: { clientDir: '/nonexistent-roomlist-client' } });
    try {
      const res = await fetch(`${bare.url}/events`);
      expect(res.status).toBe(503);
      expect(await res.text()).toContain('The client is not built yet');
      expect((await fetch(`${bare.url}/healthz`)).status).toBe(200);
    } finally {
      await bare.stop();
    }
  });

  it('serves tRPC over HTTP and over a WebSocket on the same /trpc path', async () => {
    const res = await fetch(`${srv.url}/trpc/system.publicConfig`);
    const config = {
      appName: 'Roomlist',
      baseUrl: null,
      mailMode: 'outbox',
      linkedinEnabled: false,
      paymentsMode: 'test',
    };
    expect((await res.json()).result.data).toEqual(config);
    expect(await wsCall('system.publicConfig')).toEqual(config);
  });

  it('the WebSocket context reads the session cookie from the upgrade request', async () => {
    const c = srv.client();
    await c.trpc.auth.signUp.mutate(signUp);
    const token = new URL(srv.lastLink('ada@example.com')!).searchParams.get('token')!;
    await c.trpc.auth.verify.mutate({ token, type: 'signup' });
    await c.trpc.auth.signIn.mutate({ email: 'ada@example.com', password: 'Str0ng!Pass' });
    expect(await wsCall('auth.me', { cookie: c.cookie() })).toMatchObject({
      email: 'ada@example.com',
      roles: ['admin'],
    });
    expect(await wsCall('auth.me')).toBeNull();
  });
});

describe('security basics', () => {
  it('sends helmet headers with a CSP', async () => {
    const res = await fetch(`${srv.url}/auth`);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('lets pages connect only to their own address, WebSocket included, not to any ws:/wss: host', async () => {
    const csp = (await fetch(`${srv.url}/auth`)).headers.get('content-security-policy') ?? '';
    const connect = csp.split(';').find((d) => d.trim().startsWith('connect-src'));
    expect(connect?.trim()).toBe(`connect-src 'self' ${srv.url.replace('http:', 'ws:')}`);
    // a Host header cannot write into the policy
    const raw = await new Promise<string>((resolve) => {
      const req = http.request(`${srv.url}/auth`, { headers: { host: 'x; script-src *' } }, (res) =>
        resolve(String(res.headers['content-security-policy'])),
      );
      req.end();
    });
    expect(raw).not.toContain('script-src *');
    expect(raw).toContain("connect-src 'self';");
  });

  it('sets the session cookie httpOnly and SameSite=Lax, without Secure on plain http', async () => {
    const res = await post('/trpc/auth.signIn', { email: 'ada@example.com', password: 'Str0ng!Pass' });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie()[0];
    expect(cookie).toMatch(new RegExp(`^${SESSION.COOKIE_NAME}=`));
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('Secure');
  });

  it.each([[{ origin: 'http://evil.example' }], [{ 'sec-fetch-site': 'cross-site' }], [{ origin: 'null' }]])(
    'refuses a state-changing request from another site %o',
    async (headers) => {
      const res = await post('/trpc/auth.signOut', {}, headers);
      expect(res.status).toBe(403);
    },
  );

  it('refuses a cross-site HTML form post (text/plain and form-data)', async () => {
    const plain = await post('/trpc/auth.forgotPassword', '{"email":"ada@example.com"}', {
      'content-type': 'text/plain',
      origin: 'http://evil.example',
    });
    expect(plain.status).toBe(403);
    const form = new FormData();
    form.set('email', 'ada@example.com');
    const multipart = await fetch(`${srv.url}/trpc/auth.forgotPassword`, {
      method: 'POST',
      body: form,
      headers: { origin: 'http://evil.example' },
    });
    expect(multipart.status).toBe(403);
  });

  it('accepts the same request from its own origin', async () => {
    const host = new URL(srv.url).host;
    const res = await post('/trpc/auth.signOut', {}, { origin: `http://${host}`, 'sec-fetch-site': 'same-origin' });
    expect(res.status).toBe(200);
  });

  it('refuses a WebSocket upgrade from another origin', async () => {
    await expect(wsCall('system.publicConfig', { origin: 'http://evil.example' })).rejects.toThrow(/403/);
    const host = new URL(srv.url).host;
    expect(await wsCall('system.publicConfig', { origin: `http://${host}` })).toMatchObject({ appName: 'Roomlist' });
  });

  it('limits the request body size', async () => {
    const res = await post('/trpc/auth.forgotPassword', { email: 'a'.repeat(2 * 1024 * 1024) });
    expect(res.status).toBe(413);
  });

  it('gives zod messages for bad input and loses the spec wording nowhere', async () => {
    const res = await post('/trpc/auth.signUp', { ...signUp, email: 'nope', confirm_password: 'x' });
    const body = await res.json();
    expect(res.status).toBe(400);
    expect(body.error.message).toContain(M.auth.invalidEmail);
    expect(body.error.message).toContain(M.auth.passwordsDontMatch);
    expect(body.error.data.fieldErrors.email).toEqual([M.auth.invalidEmail]);
  });

  it('records page views with the IP anonymised', async () => {
    const res = await post('/trpc/analytics.pageView', { path: '/events' });
    expect(res.status).toBe(200);
    const rows = await srv.deps.db.selectFrom('page_views').select(['path', 'ip_anonymized']).execute();
    expect(rows).toEqual([{ path: '/events', ip_anonymized: '127.0.0.0' }]);
  });
});

describe('internal errors', () => {
  it('reach the client as "Unexpected error occurred" with no stack; the stack goes to the log', async () => {
    const logged: unknown[] = [];
    const broken = await startTestServer({
      overrides: {
        mailer: { mode: 'smtp', send: async () => Promise.reject(new Error('smtp exploded at /secret/path.ts:12')) },
      },
    });
    const origError = broken.deps.log.error.bind(broken.deps.log);
    broken.deps.log.error = ((obj: unknown) => void logged.push(obj)) as typeof origError;
    try {
      const res = await fetch(`${broken.url}/trpc/auth.signUp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(signUp),
      });
      const text = await res.text();
      expect(res.status).toBe(500);
      expect(JSON.parse(text).error.message).toBe(M.common.unexpected);
      expect(text).not.toContain('exploded');
      expect(text).not.toContain('stack');
      expect(logged).toHaveLength(1);
      const { err } = logged[0] as { err: Error };
      expect(err.message).toContain('smtp exploded');
      expect(err.stack).toMatch(/smtp exploded[\s\S]*\n\s+at /);
    } finally {
      await broken.stop();
    }
  });
});
