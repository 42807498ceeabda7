import 'dotenv/config';
import { createApp } from './app';
import { loadConfigOrExit } from './config';
import { startScheduler } from './jobs/scheduler';
import { StartError } from './lib/start-error';

// Past the drain's grace and the sockets' close: a stop that has not finished by then is stuck.
const SHUTDOWN_BACKSTOP_MS = 8_000;

async function main() {
  const config = loadConfigOrExit();
  const app = await createApp(config);
  const { url } = await app.listen();
  const stopJobs = startScheduler(app.deps);
  app.deps.log.info(
    { url, dataDir: config.dataDir, mail: app.deps.mailer.mode },
    `${config.appName} is listening on ${url}`,
  );

  const shutdown = async (signal: string) => {
    app.deps.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.deps.log.error('shutdown did not finish in time');
      process.exit(1);
    }, SHUTDOWN_BACKSTOP_MS);
    force.unref();
    await app.close(stopJobs);
    app.deps.log.info('stopped');
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  // a known cause (an unusable data folder, a port in use) is one line; anything else keeps its stack
  console.error(err instanceof StartError ? err.message : err);
  process.exit(1);
});
