import fs from 'node:fs';
import { build } from 'vite';
import { CHROMIUM } from './chromium-path';

/**
 * Browser tests load the real bundle: build the client once per run into dist/client, as `npm start`
 * builds it. vitest sets NODE_ENV=test, which Vite would carry into the bundle (React's development
 * build, with its double renders and checks): the build runs with NODE_ENV=production, as users get it.
 */
export default async function setup() {
  // Said in the first seconds, in one line, rather than as a launch error in every browser test
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(
      `Browser tests need Chromium at ${CHROMIUM}: install it (Debian/Ubuntu: apt-get install -y chromium) or set CHROMIUM_PATH`,
    );
  }
  if (process.env.SKIP_CLIENT_BUILD === '1') return;
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: new URL('../../vite.config.ts', import.meta.url).pathname, logLevel: 'warn' });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}
