import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES, trpcAdapter, trpcHttpOptions } from '#server/http/trpc-http';
import { trpcJsonPosts } from '#server/http/trpc-json-posts';
import { TRPC_LIMITS } from '#shared/constants';
import { PASSWORD, signedInClient } from '../helpers/events-browser';
import { startTestServer, type TestServer } from '../helpers/server';

// issue 8 B1/B2: tRPC calls POSTed as JSON with a length within the cap are read in one piece and
// resolved by tRPC without its Node adapter's streams. Two bare apps on the same deps: the adapter alone,
// and the fast path followed by a sentinel (so an answer that is not the sentinel came from the fast
// path). Every eligible request must get the adapter's answer byte for byte; the rest must pass on.

const SENTINEL = 599;
let srv: TestServer;
let adapterUrl: string;
let fastUrl: string;
const closers: (() => void)[] = [];

function listen(app: express.Express) {
  return new Promise<string>((resolve) => {
    const server = app.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    );
    closers.push(() => server.close());
  });
}

beforeAll(async () => {
  srv = await startTestServer();
  const opts = trpcHttpOptions(srv.deps);
  const adapter = express();
  adapter.use('/trpc', trpcAdapter(opts));
  const fast = express();
  fast.use('/trpc', trpcJsonPosts(opts), (_req, res) => {
    res.status(SENTINEL).end();
  });
  adapterUrl = await listen(adapter);
  fastUrl = await listen(fast);
});
afterAll(async () => {
  for (const close of closers) close();
  await srv?.stop();
});

type Call = { path: string; body?: string; headers?: Record<string, string>; method?: string };

async function answer(base: string, call: Call) {
  const res = await fetch(`${base}/trpc/${call.path}`, {
    method: call.method ?? 'POST',
    headers: { 'content-type': 'application/json', ...call.headers },
    body: call.body,
  });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    cookies: res.headers.getSetCookie(),
    body: await res.text(),
  };
}

describe('tRPC calls POSTed as JSON', () => {
  it('get exactly the answers of tRPC’s adapter: results, batches, field errors, bad JSON, unknown paths', async () => {
    const calls: Call[] = [
      { path: 'analytics.pageView', body: JSON.stringify({ path: '/events' }) },
      { path: 'analytics.pageView?batch=1', body: JSON.stringify({ 0: { path: '/a' }, 1: { path: '/b' } }) },
      { path: 'auth.signOut', body: '{}' },
      { path: 'auth.signUp', body: JSON.stringify({ email: 'nope', password: 'x' }) },
      { path: 'auth.forgotPassword', body: '{"email": "ada@example.com"' }, // cut short
      { path: 'auth.forgotPassword', body: JSON.stringify({ email: 'Zoë <zoe@example.com>' }) }, // UTF-8
      { path: 'analytics.pageView', body: `\uFEFF${JSON.stringify({ path: '/bom' })}` }, // a byte order mark
      { path: 'no.suchProcedure', body: '{}' },
      { path: 'auth%2EsignOut', body: '{}' }, // a percent-encoded path
      { path: 'auth.signUp', body: '42' }, // not an object
      { path: 'auth.signUp', body: '' }, // no JSON at all
      { path: 'registrations.join', body: JSON.stringify({ eventId: 'no-such-event', first_name: 'Ada' }) },
      { path: 'system.publicConfig', body: '{}' }, // a query POSTed
      {
        path: `${Array(TRPC_LIMITS.MAX_BATCH + 1)
          .fill('analytics.pageView')
          .join(',')}?batch=1`,
        body: '{}',
      },
    ];
    for (const call of calls) {
      const fast = await answer(fastUrl, call);
      expect(fast.status, call.path).not.toBe(SENTINEL);
      expect(fast, call.path).toEqual(await answer(adapterUrl, call));
    }
  });

  it('pass on what they do not take: GET, another type, no length, over the cap, a streamed answer asked for', async () => {
    const passed: Call[] = [
      { path: 'system.publicConfig', method: 'GET' },
      { path: 'analytics.pageView', body: '{"path":"/"}', headers: { 'content-type': 'text/plain' } },
      { path: 'analytics.pageView', body: '{"path":"/"}', headers: { 'trpc-accept': 'application/jsonl' } },
      { path: 'analytics.pageView', body: '{"path":"/"}', headers: { accept: 'text/html, application/jsonl' } },
      { path: 'auth.forgotPassword', body: JSON.stringify({ email: 'a'.repeat(MAX_BODY_BYTES + 10) }) },
    ];
    for (const call of passed) expect((await answer(fastUrl, call)).status, call.path).toBe(SENTINEL);
    // a body sent in chunks without a length
    const chunked = await fetch(`${fastUrl}/trpc/analytics.pageView`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new Blob(['{"path":"/"}']).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(SENTINEL);
  });

  it('sign a member in as the adapter does: the same session cookie, set on the answer', async () => {
    const email = `json-posts-${Date.now()}@example.com`;
    (await signedInClient(srv, email)).close();
    const call = { path: 'auth.signIn', body: JSON.stringify({ email, password: PASSWORD }) };
    const [fast, adapter] = [await answer(fastUrl, call), await answer(adapterUrl, call)];
    // each sign-in makes its own session: the same cookie but for its value and when it expires (the
    // two answers can fall on either side of a second)
    const shape = (cookies: string[]) =>
      cookies.map((c) => c.replace(/=[^;]+/, '=…').replace(/Expires=[^;]+/i, 'Expires=…'));
    expect(fast.status).toBe(200);
    expect(fast.cookies).toHaveLength(1);
    expect(shape(fast.cookies)).toEqual(shape(adapter.cookies));
    expect({ ...fast, cookies: [] }).toEqual({ ...adapter, cookies: [] });
  });
});
