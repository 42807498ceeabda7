import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import NodeWebSocket from 'ws';
import type { AppRouter } from '#server/trpc/router';

/**
 * A tRPC client whose queries, mutations and subscriptions all go over one WebSocket, opened with `cookie`
 * in the upgrade request (as a browser sends it). After the server closes it, the next call opens a new
 * socket with the same cookie. `closes()` lists the close codes seen so far.
 */
export function createWsOnlyClient(url: string, cookie: string) {
  const closes: number[] = [];
  const waiting = new Set<() => void>();
  // Node 20 has no global WebSocket; `ws` takes the upgrade request's headers in its options.
  class CookieWebSocket extends NodeWebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { headers: cookie ? { cookie } : {} });
    }
  }
  const wsClient = createWSClient({
    url: `${url.replace(/^http/, 'ws')}/trpc`,
    WebSocket: CookieWebSocket as unknown as typeof WebSocket,
    // Lazy, as in the browser: after the server closes the socket the next call opens a new one (an eager
    // client reconnects by itself and races calls made meanwhile). Kept open between calls of a test.
    lazy: { enabled: true, closeMs: 60_000 },
    onClose: (cause) => {
      closes.push(cause?.code ?? 0);
      for (const wake of waiting) wake();
    },
  });
  const trpc = createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient })] });

  return {
    trpc,
    closes: () => [...closes],
    /**
     * The code of the next close of the socket (or of one already seen), or 'still open' when none comes
     * within `capMs`: the cap only ends a failing test quickly, a passing one never waits for it.
     */
    closed: (capMs = 2_000) =>
      new Promise<number | 'still open'>((resolve) => {
        if (closes.length > 0) return resolve(closes[closes.length - 1]);
        const cap = setTimeout(() => {
          waiting.delete(wake);
          resolve('still open');
        }, capMs);
        const wake = () => {
          clearTimeout(cap);
          waiting.delete(wake);
          resolve(closes[closes.length - 1]);
        };
        waiting.add(wake);
      }),
    close: () => wsClient.close(),
  };
}

export type WsOnlyClient = ReturnType<typeof createWsOnlyClient>;
