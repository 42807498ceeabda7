import 'dotenv/config';
import { createApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { startScheduler } from './jobs/scheduler';

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
  const app = await createApp(config);
  const { url } = await app.listen();
  const stopJobs = startScheduler(app.deps);
  app.deps.log.info(
    { url, dataDir: config.dataDir, mail: app.deps.mailer.mode },
    `${config.appName} is listening on ${url}`,
  );

  const shutdown = async (signal: string) => {
    app.deps.log.info({ signal }, 'shutting down');
    stopJobs();
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
