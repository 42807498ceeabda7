import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { sql } from 'kysely';
import type { Config } from './config';
import { LISTEN } from './constants';
import { type Db, logLostConnection, openDb, openPostgres } from './db/connection';
import { isPostgres } from './db/dialect';
import { migrateToLatest } from './db/migrate';
import { createDeps } from './deps';
import type { LiveBus } from './features/changes/bus';
import type { Mailer } from './features/email/mailer';
import { applyDefaultZone } from './features/gdpr/default-zone';
import type { Storage } from './features/storage/storage';
import { createDrain } from './http/drain';
import { createExpressApp } from './http/express-app';
import { createExpressServer } from './http/express-server';
import { APP_ROOT } from './lib/app-root';
import type { Clock } from './lib/clock';
import { listenUrl } from './lib/link-origin';
import { createLog, type Log } from './lib/log';
import { restrictDataDir } from './lib/private-files';
import { usingDatabase, usingDataDir, usingDataDirAsync } from './lib/start-error';
import type { Timer } from './lib/timer';
import { attachWebSocket } from './trpc/ws';

export type AppOverrides = Partial<{
  clock: Clock;
  liveTimer: Timer;
  mailer: Mailer;
  storage: Storage;
  bus: LiveBus;
  log: Log;
  db: Db;
  /** With `db`: a second pool on the same database for the live path's reads (server/deps.ts); without it they share `db`. */
  liveDb: Db;
  clientDir: string;
}>;

export const DEFAULT_CLIENT_DIR = path.join(APP_ROOT, 'dist/client');

/** Composition root: opens and migrates the database, builds deps, HTTP and WS on one server. */
export async function createApp(config: Config, overrides: AppOverrides = {}) {
  const log = overrides.log ?? createLog(config.logLevel);
  const dataDir = usingDataDir(config.dataDir, () => restrictDataDir(config.dataDir));
  if (dataDir === 'restricted') log.info({ dataDir: config.dataDir }, 'data folder made owner-only (0700)');
  else if (dataDir !== 'ok')
    log.warn({ dataDir: config.dataDir, err: dataDir.failed }, 'data folder is readable by others');
  const db =
    overrides.db ??
    (config.databaseUrl
      ? openPostgres(config.databaseUrl, { name: 'roomlist', onError: logLostConnection(log, 'main') })
      : usingDataDir(config.dataDir, () => openDb(path.join(config.dataDir, 'app.db'))));
  const migrate = () => migrateToLatest(db, { backupDir: path.join(config.dataDir, 'backups'), log });
  if (config.databaseUrl && !overrides.db) await usingDatabase(config.databaseUrl, migrate);
  else await usingDataDirAsync(config.dataDir, migrate);
  // a database handed in comes with its own live pool, or the live reads share it (its address is not known here)
  const deps = createDeps({ config, db, log }, { ...overrides, liveDb: overrides.liveDb ?? overrides.db });
  await (config.databaseUrl ? usingDatabase(config.databaseUrl, async () => deps.bus.ready?.()) : deps.bus.ready?.());
  // before the scheduler's first erasure: zoneless events are erased by the current TIME_ZONE
  await applyDefaultZone(deps);
  // the drain is made for the server, and the server with the app's prototypes (express-server.ts)
  const app = createExpressApp(deps, overrides.clientDir ?? DEFAULT_CLIENT_DIR, (req, res, next) =>
    drain.middleware(req, res, next),
  );
  const server = createExpressServer(app);
  const drain = createDrain(server);
  server.requestTimeout = 60_000;
  const ws = attachWebSocket(server, deps);

  let closing: Promise<void> | undefined;
  return {
    deps,
    server,
    /** The WebSocket server (its `clients` are the open live sockets). */
    websockets: ws.wss,
    listen: (port = config.port, host = config.host) =>
      new Promise<{ port: number; url: string }>((resolve, reject) => {
        server.once('error', reject);
        server.listen({ port, host, backlog: LISTEN.BACKLOG }, () => {
          const actual = (server.address() as AddressInfo).port;
          const url = listenUrl(host, actual);
          deps.linkOrigin.listeningOn(url);
          resolve({ port: actual, url });
        });
      }),
    /**
     * Graceful stop (README "Shutdown"): no new connections or requests, requests in flight finish and
     * their keep-alive connections close, WebSockets are asked to reconnect elsewhere (1001), `beforeDb`
     * (the scheduler's stop) settles, the bus stops (no feed is rung after it) and the live feeds' pool
     * closes, then the WAL is checkpointed into the database and it is closed.
     */
    close: (beforeDb?: () => Promise<void>) => {
      closing ??= (async () => {
        await Promise.all([drain.drain(), ws.close()]);
        await deps.images.close();
        await beforeDb?.();
        await deps.bus.close?.();
        if (deps.liveDb !== db) await deps.liveDb.destroy();
        await checkpoint(db, log);
        await db.destroy();
      })();
      return closing;
    },
  };
}

async function checkpoint(db: Db, log: Log) {
  if (isPostgres(db)) return; // PostgreSQL keeps its own WAL
  try {
    await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
  } catch (err) {
    log.warn({ err }, 'WAL checkpoint at shutdown failed');
  }
}

export type App = Awaited<ReturnType<typeof createApp>>;
