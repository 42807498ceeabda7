import type { QueryClient } from '@tanstack/react-query';
import { createWSClient, httpBatchLink, splitLink, wsLink } from '@trpc/client';
import { createTRPCReact, getQueryKey } from '@trpc/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '#server/trpc/router';
import { LIVE_CLIENT, TRPC_LIMITS, WS_CLOSE } from '#shared/constants';

export const trpc = createTRPCReact<AppRouter>();

export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type Me = NonNullable<RouterOutputs['auth']['me']>;

/**
 * Queries and mutations go over HTTP (batched) to /trpc, subscriptions over one WebSocket on the same
 * path. The session is the server's httpOnly cookie, sent by the browser on both: nothing token-like
 * is kept in JavaScript. The socket opens only when a subscription starts, and carries the cookie it
 * opened with: see `followSignedInUser`.
 */
export function createTrpcClient(queryClient: QueryClient) {
  const wsUrl = `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/trpc`;
  const wsClient = createWSClient({
    url: wsUrl,
    lazy: { enabled: true, closeMs: 5_000 },
    // A venue screen runs for days: notice a dead network by its silence, and keep retrying (tRPC resends
    // each subscription with its last tracked id, so the server replays what was missed).
    keepAlive: { enabled: true, intervalMs: LIVE_CLIENT.KEEPALIVE_MS, pongTimeoutMs: LIVE_CLIENT.PONG_TIMEOUT_MS },
    retryDelayMs: (attempt) => (attempt === 0 ? 0 : Math.min(1_000 * 2 ** attempt, LIVE_CLIENT.RETRY_MAX_MS)),
    // The server closes the socket of a session that ended (here or elsewhere): ask who is signed in now.
    onClose: (cause) => {
      if (cause?.code === WS_CLOSE.SESSION_ENDED)
        void queryClient.invalidateQueries({ queryKey: getQueryKey(trpc.auth.me) });
    },
  });
  followSignedInUser(queryClient, () => wsClient.connection?.ws.close());
  return trpc.createClient({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: wsLink({ client: wsClient }),
        // the server refuses larger batches (maxBatchSize)
        false: httpBatchLink({ url: '/trpc', maxItems: TRPC_LIMITS.MAX_BATCH }),
      }),
    ],
  });
}

/**
 * The server reads the session from the socket's upgrade request only. When the signed-in user changes
 * (sign-in, sign-out, password reset, a session found ended), close the socket: tRPC opens a new one,
 * with the cookie the browser now holds, and resends the active subscriptions on it.
 */
function followSignedInUser(queryClient: QueryClient, reconnect: () => void) {
  const meKey = JSON.stringify(getQueryKey(trpc.auth.me)[0]);
  let userId: string | null | undefined; // undefined until the first answer: the socket opened with that cookie
  queryClient.getQueryCache().subscribe((e) => {
    if (e.type !== 'updated' || e.action.type !== 'success') return;
    if (JSON.stringify(e.query.queryKey[0]) !== meKey) return;
    const next = (e.query.state.data as Me | null | undefined)?.id ?? null;
    if (userId !== undefined && next !== userId) reconnect();
    userId = next;
  });
}
