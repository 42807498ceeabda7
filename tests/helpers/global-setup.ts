import { build } from 'vite';

/** Browser tests load the real bundle: build the client once per run into dist/client. */
export default async function setup() {
  if (process.env.SKIP_CLIENT_BUILD === '1') return;
  await build({ configFile: new URL('../../vite.config.ts', import.meta.url).pathname, logLevel: 'warn' });
}
