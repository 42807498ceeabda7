import type { QueryClient } from '@tanstack/react-query';
import { httpBatchLink, type OperationLink, splitLink, TRPCClientError, type TRPCLink } from '@trpc/client';
import { createTRPCReact, getQueryKey } from '@trpc/react-query';
import type { AnyRouter, inferRouterOutputs } from '@trpc/server';
import { observable, type Unsubscribable } from '@trpc/server/observable';
import type { AppRouter } from '#server/trpc/router';
import { TRPC_LIMITS } from '#shared/constants';
import { fetchWithUploadProgress } from './upload-progress';

export const trpc = createTRPCReact<AppRouter>();

export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type Me = NonNullable<RouterOutputs['auth']['me']>;

/**
 * Queries and mutations go over HTTP (batched) to /trpc, subscriptions over one WebSocket on the same
 * path. The session is the server's httpOnly cookie, sent by the browser on both: nothing token-like
 * is kept in JavaScript. The WebSocket client's code loads, and its socket opens, only when a
 * subscription starts (./live-link.ts), and the socket carries the cookie it opened with: see
 * `followSignedInUser`.
 */
export function createTrpcClient(queryClient: QueryClient) {
  let reconnect: (() => void) | undefined;
  // The server closes the socket of a session that ended (here or elsewhere): ask who is signed in now.
  const onSessionEnded = () => void queryClient.invalidateQueries({ queryKey: getQueryKey(trpc.auth.me) });
  const live = onDemandLink<AppRouter>(() =>
    import('./live-link').then(({ createLiveLink }) => {
      const created = createLiveLink(onSessionEnded);
      reconnect = created.reconnect;
      return created.link;
    }),
  );
  followSignedInUser(queryClient, () => reconnect?.());
  return trpc.createClient({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: live,
        // the server refuses larger batches (maxBatchSize); a request's upload reports its progress
        // (./upload-progress.ts: a photo's join or edit shows it)
        false: httpBatchLink({ url: '/trpc', maxItems: TRPC_LIMITS.MAX_BATCH, fetch: fetchWithUploadProgress }),
      }),
    ],
  });
}

/**
 * A terminating link whose code is fetched by its first operation (issue 8 B6: tRPC's WebSocket client
 * is not on /register). Every operation waits for the one load; a failed load fails the operations that
 * waited for it (the live hook retries its subscription) and the next one loads again.
 */
export function onDemandLink<R extends AnyRouter>(load: () => Promise<TRPCLink<R>>): TRPCLink<R> {
  return (runtime) => {
    let loading: Promise<OperationLink<R>> | undefined;
    return ({ op, next }) =>
      observable((observer) => {
        let stopped = false;
        let inner: Unsubscribable | undefined;
        loading ??= load().then((link) => link(runtime));
        const current = loading;
        current.then(
          (run) => {
            if (!stopped) inner = run({ op, next }).subscribe(observer);
          },
          (cause: unknown) => {
            if (loading === current) loading = undefined;
            if (stopped) return;
            observer.error(TRPCClientError.from(cause instanceof Error ? cause : new Error(String(cause))));
          },
        );
        return () => {
          stopped = true;
          inner?.unsubscribe();
        };
      });
  };
}

/**
 * The server reads the session from the socket's upgrade request only. When the signed-in user changes
 * (sign-in, sign-out, password reset, a session found ended), close the socket (when there is one): tRPC
 * opens a new one, with the cookie the browser now holds, and resends the active subscriptions on it.
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
