import fs from 'node:fs/promises';
import path from 'node:path';
import type { Request, Response } from 'express';
import { APP } from '#shared/constants';
import { compressBoth, type Encoding, pickEncoding } from './content-encoding';

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

type Shell = { html: Buffer } & Record<Encoding, Buffer>;

/**
 * The SPA shell, read, branded and compressed once (brotli and gzip, like the built assets). A failed
 * read is not cached, so a client built after the server started is picked up by the next request.
 */
export function indexHtml(clientDir: string, appName: string) {
  let cached: Promise<Shell> | undefined;
  const load = async (): Promise<Shell> => {
    const html = Buffer.from(brandIndexHtml(await fs.readFile(path.join(clientDir, 'index.html'), 'utf8'), appName));
    return { html, ...(await compressBoth(html)) };
  };
  return async (req: Request, res: Response) => {
    let shell: Shell;
    try {
      cached ??= load();
      shell = await cached;
    } catch {
      cached = undefined;
      res.status(503).type('text').send('The client is not built yet: run `npm run build`.');
      return;
    }
    const encoding = pickEncoding(req, ['br', 'gzip']);
    res.setHeader('Cache-Control', 'no-cache');
    res.vary('Accept-Encoding');
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.type('html').send(encoding ? shell[encoding] : shell.html);
  };
}
