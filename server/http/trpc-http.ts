import { createExpressMiddleware } from '@trpc/server/adapters/express';
import type { RequestHandler } from 'express';
import { TRPC_LIMITS } from '#shared/constants';
import { M } from '#shared/messages';
import type { Deps } from '../deps';
import { createContext } from '../trpc/context';
import { appRouter } from '../trpc/router';
import { procedureType } from './procedure-type';
import { type TrpcHttpOptions, trpcJsonPosts } from './trpc-json-posts';

export const MAX_BODY_BYTES = 1024 * 1024;

/** The one set of options for /trpc over HTTP, whichever of the two paths below answers a call. */
export const trpcHttpOptions = (deps: Deps): TrpcHttpOptions<typeof appRouter> => ({
  router: appRouter,
  createContext: (req, res) => createContext(deps, req, res),
  maxBodySize: MAX_BODY_BYTES,
  maxBatchSize: TRPC_LIMITS.MAX_BATCH,
});

/** tRPC's own Express adapter on those options. */
export const trpcAdapter = (opts: TrpcHttpOptions<typeof appRouter>) =>
  createExpressMiddleware({ ...opts, createContext: ({ req, res }) => opts.createContext(req, res) });

/**
 * Subscriptions are served over the WebSocket only, where every socket's session is re-checked and
 * closed when it ends; a server-sent-events stream over HTTP would go on after a sign-out.
 */
const noHttpSubscriptions: RequestHandler = (req, res, next) => {
  const paths = decodeURIComponent(req.path.slice(1)).split(',');
  if (!paths.some((p) => procedureType(appRouter, p) === 'subscription')) return next();
  res.status(405).json({ error: { message: M.common.subscriptionsOverWebSocket, code: 'METHOD_NOT_SUPPORTED' } });
};

/** /trpc: calls POSTed as JSON in one piece (trpc-json-posts.ts), everything else through the adapter. */
export const trpcHttp = (deps: Deps) => {
  const opts = trpcHttpOptions(deps);
  return [noHttpSubscriptions, trpcJsonPosts(opts), trpcAdapter(opts)];
};
