import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type Operation, type OperationResultEnvelope, TRPCClientError, type TRPCLink } from '@trpc/client';
import type { AnyRouter } from '@trpc/server';
import { observable } from '@trpc/server/observable';
import { describe, expect, it } from 'vitest';
import { onDemandLink } from '../../client/lib/trpc';
import { wsStandIn } from '../../scripts/trpc-ws-on-demand';

// issue 8 B6: tRPC's WebSocket client is not in the code every page loads. The build gives the client
// index a stand-in for the module holding it (scripts/trpc-ws-on-demand.ts), and subscriptions go
// through a link that loads the real one with the first of them (onDemandLink, client/lib/trpc.ts).

const require = createRequire(import.meta.url);
const distDir = path.dirname(require.resolve('@trpc/client'));
const wsModule = fs.readdirSync(distDir).find((f) => /^wsLink-[\w-]+\.mjs$/.test(f));

describe('the stand-in for the index import of the WebSocket module', () => {
  it('exports what the installed module exports, keeps resultOf and fails loudly for the client itself', async () => {
    expect(wsModule, `no wsLink-*.mjs in ${distDir}`).toBeDefined();
    const source = fs.readFileSync(path.join(distDir, wsModule as string), 'utf8');
    const standIn = wsStandIn(source);
    const real = await import(path.join(distDir, wsModule as string));
    const fake = await import(`data:text/javascript,${encodeURIComponent(standIn)}`);
    expect(Object.keys(fake).sort()).toEqual(Object.keys(real).sort());

    const kept = fake[keyOf(source, 'resultOf')] as (v: unknown, ...a: unknown[]) => unknown;
    expect(kept(3)).toBe(3);
    expect(kept((a: number) => a + 1, 1)).toBe(2);
    expect(() => fake[keyOf(source, 'createWSClient')]()).toThrow(/@trpc\/client\/links\/wsLink\/wsLink/);
    expect(() => fake[keyOf(source, 'wsLink')]()).toThrow(/@trpc\/client\/links\/wsLink\/wsLink/);
  });

  it('refuses a module without an export list at its end (a tRPC release laid out differently)', () => {
    expect(() => wsStandIn('export function createWSClient() {}\n')).toThrow(/no export list/);
  });
});

/** The exported (minified) name of `local` in the module's final export list. */
function keyOf(source: string, local: string): string {
  const m = new RegExp(`\\b${local}\\s+as\\s+(\\w+)`).exec(source);
  if (!m) throw new Error(`${local} is not exported`);
  return m[1];
}

type Envelope = OperationResultEnvelope<unknown, TRPCClientError<AnyRouter>>;

/** A terminating link answering every operation with its path, and the count of operations it ran. */
function echoLink() {
  const ran: string[] = [];
  const link: TRPCLink<AnyRouter> =
    () =>
    ({ op }) =>
      observable<Envelope, TRPCClientError<AnyRouter>>((observer) => {
        ran.push(op.path);
        observer.next({ result: { type: 'data', data: op.path } });
        observer.complete();
        return () => {};
      });
  return { link, ran };
}

const op = (id: number, path: string): Operation => ({
  id,
  type: 'subscription',
  path,
  input: undefined,
  context: {},
  signal: null,
});

/** Runs `path` through the link and settles with what it emitted. */
function run(link: ReturnType<TRPCLink<AnyRouter>>, id: number, path: string) {
  return new Promise<{ data?: unknown; error?: unknown }>((resolve) => {
    link({ op: op(id, path), next: () => observable(() => () => {}) }).subscribe({
      next: (env) => resolve({ data: (env.result as { data?: unknown }).data }),
      error: (error) => resolve({ error }),
    });
  });
}

describe('onDemandLink', () => {
  it('loads the link once, for the first operation, and runs every operation through it', async () => {
    const echo = echoLink();
    let loads = 0;
    const link = onDemandLink(async () => {
      loads++;
      return echo.link;
    })({});
    expect(loads).toBe(0);
    const [a, b] = await Promise.all([run(link, 1, 'live.onEvent'), run(link, 2, 'live.onOrganiserEvent')]);
    expect([a.data, b.data]).toEqual(['live.onEvent', 'live.onOrganiserEvent']);
    expect((await run(link, 3, 'live.onEvent')).data).toBe('live.onEvent');
    expect(loads).toBe(1);
    expect(echo.ran).toEqual(['live.onEvent', 'live.onOrganiserEvent', 'live.onEvent']);
  });

  it('fails the operations of a failed load as client errors, and loads again for the next one', async () => {
    const echo = echoLink();
    let loads = 0;
    const link = onDemandLink(async () => {
      loads++;
      if (loads === 1) throw new Error('chunk gone');
      return echo.link;
    })({});
    const failed = await run(link, 1, 'live.onEvent');
    expect(failed.error).toBeInstanceOf(TRPCClientError);
    expect((failed.error as Error).message).toBe('chunk gone');
    expect((await run(link, 2, 'live.onEvent')).data).toBe('live.onEvent');
    expect(loads).toBe(2);
  });

  it('does not start an operation that was unsubscribed while the link loaded', async () => {
    const echo = echoLink();
    let release: () => void = () => {};
    const loaded = new Promise<void>((resolve) => {
      release = resolve;
    });
    const link = onDemandLink(async () => {
      await loaded;
      return echo.link;
    })({});
    const sub = link({ op: op(1, 'live.onEvent'), next: () => observable(() => () => {}) }).subscribe({});
    sub.unsubscribe();
    release();
    expect((await run(link, 2, 'live.onOrganiserEvent')).data).toBe('live.onOrganiserEvent');
    expect(echo.ran).toEqual(['live.onOrganiserEvent']);
  });
});
