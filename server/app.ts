import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Config } from './config';
import { type Db, openDb } from './db/connection';
import { migrateToLatest } from './db/migrate';
import { createDeps } from './deps';
import type { Mailer } from './features/email/mailer';
import type { LiveBus } from './features/live/bus';
import type { Storage } from './features/storage/storage';
import { createExpressApp } from './http/express-app';
import { APP_ROOT } from './lib/app-root';
import type { Clock } from './lib/clock';
import { listenUrl } from './lib/link-origin';
import { createLog, type Log } from './lib/log';
import { restrictDataDir } from './lib/private-files';
import { attachWebSocket } from './trpc/ws';

export type AppOverrides = Partial<{
  clock: Clock;
  mailer: Mailer;
  storage: Storage;
  bus: LiveBus;
  log: Log;
  db: Db;
  clientDir: string;
}>;

export const DEFAULT_CLIENT_DIR = path.join(APP_ROOT, 'dist/client');

/** Composition root: opens and migrates the database, builds deps, HTTP and WS on one server. */
export async function createApp(config: Config, overrides: AppOverrides = {}) {
  const log = overrides.log ?? createLog(config.logLevel);
  const dataDir = restrictDataDir(config.dataDir);
  if (dataDir === 'restricted') log.info({ dataDir: config.dataDir }, 'data folder made owner-only (0700)');
  else if (dataDir !== 'ok')
    log.warn({ dataDir: config.dataDir, err: dataDir.failed }, 'data folder is readable by others');
  const db = overrides.db ?? openDb(path.join(config.dataDir, 'app.db'));
  await migrateToLatest(db, { backupDir: path.join(config.dataDir, 'backups'), log });
  const deps = createDeps({ config, db, log }, overrides);
  const app = createExpressApp(deps, overrides.clientDir ?? DEFAULT_CLIENT_DIR);
  const server = http.createServer(app);
  server.requestTimeout = 60_000;
  const ws = attachWebSocket(server, deps);

  let closing: Promise<void> | undefined;
  return {
    deps,
    server,
    listen: (port = config.port, host = config.host) =>
      new Promise<{ port: number; url: string }>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          const actual = (server.address() as AddressInfo).port;
          const url = listenUrl(host, actual);
          deps.linkOrigin.listeningOn(url);
          resolve({ port: actual, url });
        });
      }),
    /** Stops taking connections, lets requests in flight finish, then closes the database. */
    close: () => {
      closing ??= (async () => {
        await ws.close();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
        });
        await db.destroy();
      })();
      return closing;
    },
  };
}

export type App = Awaited<ReturnType<typeof createApp>>;
