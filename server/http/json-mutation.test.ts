import type { AddressInfo } from 'node:net';
import { initTRPC, TRPCError } from '@trpc/server';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { trpcJsonPosts } from './trpc-json-posts';

// The answers of one mutation posted as JSON (json-mutation.ts) against tRPC's own adapter, on a router
// of this test's own: what the app's procedures never do (a stream-like answer, an unexpected throw)
// must still get tRPC's answer. The app's router is compared in tests/integration/trpc-json-posts.test.ts.
const SENTINEL = 599;
const t = initTRPC.context<{ who: string }>().create({ isDev: false });
const router = t.router({
  plain: t.procedure.input(z.object({ n: z.number() })).mutation(({ input, ctx }) => ({ twice: input.n * 2, ctx })),
  nothing: t.procedure.mutation(() => undefined),
  stream: t.procedure.mutation(() => ({ later: Promise.resolve(1) })),
  refused: t.procedure.mutation(() => {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'not yours' });
  }),
  broken: t.procedure.mutation(() => {
    throw new Error('disk on fire');
  }),
  read: t.procedure.query(() => 'a query'),
});
const opts = {
  router,
  createContext: async () => ({ who: 'tester' }),
  maxBodySize: 64 * 1024,
  maxBatchSize: 10,
};

const servers: { close(): void }[] = [];
const listen = (app: express.Express) =>
  new Promise<string>((resolve) => {
    const server = app.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    );
    servers.push(server);
  });
let adapterUrl: string;
let fastUrl: string;
beforeAll(async () => {
  const adapter = express();
  adapter.use('/trpc', createExpressMiddleware(opts));
  const fast = express();
  fast.use('/trpc', trpcJsonPosts(opts), (_req, res) => {
    res.status(SENTINEL).end();
  });
  adapterUrl = await listen(adapter);
  fastUrl = await listen(fast);
});
afterAll(() => {
  for (const s of servers) s.close();
});

async function answer(base: string, path: string, body: string) {
  const res = await fetch(`${base}/trpc/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  return {
    status: res.status,
    vary: res.headers.get('vary'),
    type: res.headers.get('content-type'),
    body: await res.text(),
  };
}

describe('one mutation posted as JSON', () => {
  it('gets tRPC’s answer byte for byte: data, nothing, a stream-like answer, refusals, a throw, bad input', async () => {
    const calls: [string, string][] = [
      ['plain', '{"n":21}'],
      ['plain', '{"n":"21"}'],
      ['plain', '[1,2]'],
      ['nothing', '{}'],
      ['stream', '{}'],
      ['refused', '{}'],
      ['broken', '{}'],
      ['read', '{}'],
      ['plain?batch=1', '{"0":{"n":1}}'],
    ];
    for (const [path, body] of calls) {
      const fast = await answer(fastUrl, path, body);
      expect(fast.status, path).not.toBe(SENTINEL);
      expect(fast, `${path} ${body}`).toEqual(await answer(adapterUrl, path, body));
    }
    expect(JSON.parse((await answer(fastUrl, 'plain', '{"n":21}')).body)).toEqual({
      result: { data: { twice: 42, ctx: { who: 'tester' } } },
    });
    expect((await answer(fastUrl, 'broken', '{}')).status).toBe(500);
  });
});
