import { STATUS_CODES } from 'node:http';
import path from 'node:path';
import express from 'express';
import { sql } from 'kysely';
import { M } from '#shared/messages';
import type { Deps } from '../deps';
import { doorRoutes } from '../features/door/door.http';
import { downloadRoutes } from '../features/downloads/downloads.http';
import { joinCodeRoutes } from '../features/events/join-code.http';
import { stripeWebhookRoutes } from '../features/payments/stripe-webhook';
import { uploadsDir } from '../features/storage/disk-storage';
import { indexHtml } from './index-html';
import { notFound } from './not-found';
import { precompressedStatic } from './precompressed-static';
import { routeData } from './route-data';
import { sameOriginGuard } from './same-origin';
import { securityHeaders } from './security-headers';
import { trpcHttp } from './trpc-http';
import { serveStoredUploads, serveUploads, uploadRoutes } from './uploads';

/**
 * Static client + SPA fallback, /healthz, /trpc, logo uploads and /uploads; the same-origin guard
 * runs before anything that writes.
 */
export function createExpressApp(deps: Deps, clientDir: string, drain?: express.RequestHandler) {
  const app = express();
  app.disable('x-powered-by');
  if (drain) app.use(drain);
  // The same TRUST_PROXY list as server/lib/request.ts, so req.ip and friends agree with it.
  if (deps.config.trustProxy.length > 0) app.set('trust proxy', [...deps.config.trustProxy]);
  app.use(securityHeaders(deps.config));

  app.get('/healthz', async (_req, res) => {
    try {
      await sql`SELECT 1`.execute(deps.db);
      // the bus: `in-process` (one process), or `ok` / `reconnecting` for the connection that hears other
      // processes (live updates from them wait for it; nothing is lost: README "PostgreSQL")
      res.json({ ok: true, db: 'ok', bus: deps.bus.health() });
    } catch (err) {
      deps.log.error({ err }, 'health check failed');
      res.status(503).json({ ok: false, db: 'error' });
    }
  });

  app.use(sameOriginGuard(deps.config, deps.requests));
  // Answers carry signed-in data: never kept by the browser or a shared cache.
  app.use(['/trpc', '/api'], (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  // Stripe's webhook reads its own raw body (the signature covers the exact bytes); it sends no Origin.
  app.use(stripeWebhookRoutes(deps));
  app.use(uploadRoutes(deps));
  app.use(downloadRoutes(deps));
  app.use('/uploads', deps.config.s3 ? serveStoredUploads(deps.storage) : serveUploads(uploadsDir(deps.config)));
  app.use('/trpc', ...trpcHttp(deps));
  app.use(joinCodeRoutes(deps));
  app.use(doorRoutes(deps));

  const sendIndex = indexHtml(clientDir, deps.config.appName, routeData(deps));
  // Built files, sent as the build compressed them (brotli, gzip) when the browser accepts that.
  app.use('/assets', precompressedStatic(path.join(clientDir, 'assets'), { immutable: true, maxAge: '1y' }), notFound);
  app.get('/index.html', (req, res) => sendIndex(req, res));
  app.use(precompressedStatic(clientDir, { maxAge: '1h' }));
  app.get('/{*splat}', (req, res) => sendIndex(req, res));

  app.use(
    (err: Error & { status?: number }, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      const status = err.status && err.status < 500 ? err.status : 500;
      if (status >= 500) deps.log.error({ err }, 'request failed');
      // Never err.message: express.static's errors name absolute paths and errnos.
      const text = status >= 500 ? M.common.unexpected : status === 404 ? M.common.notFound : STATUS_CODES[status];
      res.status(status).json({ error: text });
    },
  );
  return app;
}
