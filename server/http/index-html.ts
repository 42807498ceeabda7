import fs from 'node:fs/promises';
import path from 'node:path';
import type { Response } from 'express';
import { APP } from '#shared/constants';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * APP_NAME into the built index.html: the <title>, <meta name="application-name"> (which the client's
 * title hook and shell read, so no inline script is needed and no default flashes) and the description.
 */
export function brandIndexHtml(html: string, appName: string): string {
  const name = escapeHtml(appName);
  const meta = `<meta name="application-name" content="${name}" />`;
  const named = /<meta name="application-name"[^>]*>/.test(html)
    ? html.replace(/<meta name="application-name"[^>]*>/, () => meta)
    : html.replace('</title>', () => `</title>\n    ${meta}`);
  return named
    .replace(/<title>[^<]*<\/title>/, () => `<title>${name}</title>`)
    .replace(/(<meta name="description" content=")([^"]*)/, (_m, open: string, text: string) => {
      return open + text.split(APP.NAME).join(name);
    });
}

/**
 * The SPA shell, read and branded once. A failed read is not cached, so a client built after the
 * server started is picked up by the next request.
 */
export function indexHtml(clientDir: string, appName: string) {
  let cached: string | undefined;
  return async (res: Response) => {
    try {
      cached ??= brandIndexHtml(await fs.readFile(path.join(clientDir, 'index.html'), 'utf8'), appName);
    } catch {
      res.status(503).type('text').send('The client is not built yet: run `npm run build`.');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(cached);
  };
}
