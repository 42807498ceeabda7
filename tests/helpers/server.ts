import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTRPCClient, createWSClient, httpBatchLink, splitLink, wsLink } from '@trpc/client';
import NodeWebSocket from 'ws';
import { type AppOverrides, createApp } from '#server/app';
import { loadConfig } from '#server/config';
import type { AppRouter } from '#server/trpc/router';
import { TRPC_LIMITS } from '#shared/constants';
import { onPostgres, openTestServerDbs } from './test-db';

/**
 * The real server in-process on an ephemeral port, with a temporary DATA_DIR (a real SQLite file, or a
 * fresh PostgreSQL database under `npm run test:pg`),
 * real HTTP and real WebSocket. Call `stop()` in afterAll/afterEach.
 */
export async function startTestServer(opts: { env?: Record<string, string>; overrides?: AppOverrides } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roomlist-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    ...opts.env,
  });
  // under `npm run test:pg` the server runs on a fresh PostgreSQL database, its live reads on a pool of
  // their own (app.close() closes both), or on the one DATABASE_URL names, for tests that start several
  // servers on one database
  const fresh = onPostgres() && !opts.overrides?.db && !opts.env?.DATABASE_URL;
  const overrides = fresh ? { ...opts.overrides, ...(await openTestServerDbs()) } : opts.overrides;
  const app = await createApp(config, overrides);
  const { url } = await app.listen(0, '127.0.0.1');
  const outboxDir = path.join(dataDir, 'outbox');

  return {
    app,
    url,
    dataDir,
    deps: app.deps,
    /** A tRPC client (`.trpc`) with its own cookie jar: HTTP for queries/mutations, WS for subscriptions. */
    client: () => createClient(url),
    /** A client that signed up, confirmed through the mailed link and signed in (the first account is the admin). */
    signedIn: async (email = 'ada@example.com', password = 'Str0ng!Pass') => {
      const c = createClient(url);
      await c.trpc.auth.signUp.mutate({
        first_name: 'Ada',
        last_name: 'Lovelace',
        email,
        password,
        confirm_password: password,
      });
      const link = new URL(lastLinkFor(outboxDir, email) ?? '');
      await c.trpc.auth.verify.mutate({ token: link.searchParams.get('token') ?? '', type: 'signup' });
      const user = await c.trpc.auth.signIn.mutate({ email, password });
      return { ...c, user };
    },
    /** Every .eml written to the outbox so far, oldest first. */
    outbox: () =>
      fs.existsSync(outboxDir)
        ? fs
            .readdirSync(outboxDir)
            .sort()
            .map((f) => fs.readFileSync(path.join(outboxDir, f), 'utf8'))
        : [],
    /** The most recent /auth link mailed to `to` (decoded from the .eml). */
    lastLink: (to: string) => lastLinkFor(outboxDir, to),
    stop: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/** The most recent /auth link mailed to `to` in an outbox folder (decoded from the .eml). */
export function lastLinkFor(outboxDir: string, to: string): string | undefined {
  if (!fs.existsSync(outboxDir)) return undefined;
  const files = fs.readdirSync(outboxDir).sort().reverse();
  for (const f of files) {
    const raw = fs.readFileSync(path.join(outboxDir, f), 'utf8');
    if (!new RegExp(`^To: .*${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'mi').test(raw)) continue;
    // quoted-printable soft breaks and =3D
    const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const m = text.match(/https?:\/\/[^\s"<>]+\/auth\?token=[a-z0-9]+&(?:amp;)?type=[a-z_]+/i);
    if (m) return m[0].replace('&amp;', '&');
  }
  return undefined;
}

export function createClient(url: string) {
  let cookie = '';
  const wsClient = createWSClient({
    url: `${url.replace(/^http/, 'ws')}/trpc`,
    lazy: { enabled: true, closeMs: 0 },
    // Node 20 has no global WebSocket (Node 22 does): give tRPC the `ws` one.
    WebSocket: NodeWebSocket as unknown as typeof WebSocket,
  });
  const client = createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: wsLink({ client: wsClient }),
        false: httpBatchLink({
          url: `${url}/trpc`,
          maxItems: TRPC_LIMITS.MAX_BATCH,
          headers: () => (cookie ? { cookie } : {}),
          fetch: async (input, init) => {
            const res = await fetch(input, init);
            const set = res.headers.getSetCookie();
            for (const c of set) {
              const [pair] = c.split(';');
              const [name, value] = pair.split('=');
              const jar = new Map(cookie ? cookie.split('; ').map((p) => p.split('=') as [string, string]) : []);
              if (value) jar.set(name, value);
              else jar.delete(name);
              cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
            }
            return res;
          },
        }),
      }),
    ],
  });
  // The tRPC client is a proxy: keep our extras beside it, not on it.
  return { trpc: client, cookie: () => cookie, close: () => wsClient.close() };
}
