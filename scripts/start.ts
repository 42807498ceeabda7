import fs from 'node:fs';
import path from 'node:path';

/** `npm start`: builds the client bundle when it is missing, then serves everything from one process. */
const root = path.resolve(import.meta.dirname, '..');
if (!fs.existsSync(path.join(root, 'dist/client/index.html'))) {
  console.log('Building the client (first start)…');
  const { build } = await import('vite');
  await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
}
await import('../server/main');
