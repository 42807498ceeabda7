import { createWSClient, httpBatchLink, splitLink, wsLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '#server/trpc/router';

export const trpc = createTRPCReact<AppRouter>();

export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type Me = NonNullable<RouterOutputs['auth']['me']>;

/**
 * Queries and mutations go over HTTP (batched) to /trpc, subscriptions over one WebSocket on the same
 * path. The session is the server's httpOnly cookie, sent by the browser on both: nothing token-like
 * is kept in JavaScript. The socket opens only when a subscription starts.
 */
export function createTrpcClient() {
  const wsUrl = `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/trpc`;
  const wsClient = createWSClient({ url: wsUrl, lazy: { enabled: true, closeMs: 5_000 } });
  return trpc.createClient({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: wsLink({ client: wsClient }),
        false: httpBatchLink({ url: '/trpc' }),
      }),
    ],
  });
}
