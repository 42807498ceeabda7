import path from 'node:path';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import express from 'express';
import { sql } from 'kysely';
import { M } from '#shared/messages';
import type { Deps } from '../deps';
import { uploadsDir } from '../features/storage/disk-storage';
import { createContext } from '../trpc/context';
import { appRouter } from '../trpc/router';
import { sameOriginGuard } from './same-origin';
import { securityHeaders } from './security-headers';
import { serveUploads, uploadRoutes } from './uploads';

export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Static client + SPA fallback, /healthz, /trpc, logo uploads and /uploads; the same-origin guard
 * runs before anything that writes.
 */
export function createExpressApp(deps: Deps, clientDir: string) {
  const app = express();
  app.disable('x-powered-by');
  if (deps.config.trustProxy) app.set('trust proxy', true);
  app.use(securityHeaders(deps.config));

  app.get('/healthz', async (_req, res) => {
    try {
      await sql`SELECT 1`.execute(deps.db);
      res.json({ ok: true, db: 'ok' });
    } catch (err) {
      deps.log.error({ err }, 'health check failed');
      res.status(503).json({ ok: false, db: 'error' });
    }
  });

  app.use(sameOriginGuard(deps.config));
  app.use(uploadRoutes(deps));
  app.use('/uploads', serveUploads(uploadsDir(deps.config)));
  app.use(
    '/trpc',
    createExpressMiddleware({
      router: appRouter,
      createContext: ({ req, res }) => createContext(deps, req, res),
      maxBodySize: MAX_BODY_BYTES,
    }),
  );

  const indexHtml = path.join(clientDir, 'index.html');
  app.use(
    '/assets',
    express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }),
  );
  app.use(express.static(clientDir, { index: false, maxAge: '1h' }));
  app.get('/{*splat}', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexHtml, (err) => {
      if (err && !res.headersSent)
        res.status(503).type('text').send('The client is not built yet: run `npm run build`.');
    });
  });

  app.use(
    (err: Error & { status?: number }, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      const status = err.status && err.status < 500 ? err.status : 500;
      if (status >= 500) deps.log.error({ err }, 'request failed');
      res.status(status).json({ error: status >= 500 ? M.common.unexpected : err.message });
    },
  );
  return app;
}
