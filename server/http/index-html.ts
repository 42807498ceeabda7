import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Request, Response } from 'express';
import { APP, PAGE_HINTS } from '#shared/constants';
import { AFTER_PAINT_ENTRY } from '#shared/first-paint';
import { escapeHtml } from '../lib/escape-html';
import { compressBoth, type Encoding, pickEncoding } from './content-encoding';
import { fillRegisterIntro, pageEvent, readRegisterIntro, withFirstPaint } from './first-paint';
import { inlineStyles, readShellStyles } from './inline-styles';
import { jsonForScript, type RouteData, type RouteDataEntry } from './route-data';
import { type RouteHints, readManifest, routePreloads } from './route-preloads';

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

const brotliFast = promisify(zlib.brotliCompress);
const gzipFast = promisify(zlib.gzip);

/** A page made for one request (it carries that request's data): compressed quickly, not best. */
async function compressFast(html: Buffer): Promise<Shell> {
  const [br, gzip] = await Promise.all([
    brotliFast(html, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: PAGE_HINTS.BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length,
      },
    }),
    gzipFast(html, { level: PAGE_HINTS.GZIP_LEVEL }),
  ]);
  return { html, br, gzip };
}

/** `head` (and the page's data, when there is some) into the shell, just before </head>. */
export function withPageHints(html: string, head: string, data?: RouteDataEntry[]): string {
  const parts = [head];
  if (data) {
    parts.push(`<script type="application/json" id="${PAGE_HINTS.DATA_ELEMENT_ID}">${jsonForScript(data)}</script>`);
  }
  const extra = parts.filter(Boolean).join('\n    ');
  return extra ? html.replace('</head>', () => `    ${extra}\n  </head>`) : html;
}

/**
 * The SPA shell, read, branded and compressed once per kind of page (brotli and gzip, like the built
 * assets): a public page's shell also names its own chunks (route-preloads.ts). A page that carries its
 * data (route-data.ts) is made and compressed per request. Those public pages also carry the shell's
 * stylesheet inline (inline-styles.ts). A failed read is not cached, so a client built after the server
 * started is picked up by the next request.
 */
export function indexHtml(clientDir: string, appName: string, routeData?: RouteData) {
  type Base = {
    html: string;
    publicHtml: string;
    hints: (pathname: string) => RouteHints;
    registerIntro: string | undefined;
    /** The built loader of the join page's scripts (first-paint.ts), when the build has one. */
    afterPaint: string | undefined;
  };
  let base: Promise<Base> | undefined;
  const shells = new Map<string, Promise<Shell>>();
  const load = async (): Promise<Base> => {
    const html = brandIndexHtml(await fs.readFile(path.join(clientDir, 'index.html'), 'utf8'), appName);
    const publicHtml = inlineStyles(html, await readShellStyles(clientDir, html));
    const manifest = await readManifest(clientDir);
    return {
      html,
      publicHtml,
      hints: routePreloads(manifest),
      registerIntro: await readRegisterIntro(clientDir),
      afterPaint: manifest?.[AFTER_PAINT_ENTRY]?.file,
    };
  };
  const shellFor = (b: Base, hints: RouteHints) => {
    let shell = shells.get(hints.route);
    if (!shell) {
      const html = Buffer.from(withPageHints(hints.route ? b.publicHtml : b.html, hints.head));
      shell = compressBoth(html).then((compressed) => ({ html, ...compressed }));
      shells.set(hints.route, shell);
    }
    return shell;
  };
  const pageWithData = (b: Base, hints: RouteHints, data: RouteDataEntry[]) => {
    const html = withPageHints(hints.route ? b.publicHtml : b.html, hints.head, data);
    const event = pageEvent(data);
    if (!event || !b.registerIntro) return html;
    try {
      return withFirstPaint(html, fillRegisterIntro(b.registerIntro, appName, event), b.afterPaint);
    } catch {
      return html; // a text that cannot be formatted: the page draws itself, as without the template
    }
  };
  return async (req: Request, res: Response) => {
    let b: Base;
    try {
      base ??= load();
      b = await base;
    } catch {
      base = undefined;
      res.status(503).type('text').send('The client is not built yet: run `npm run build`.');
      return;
    }
    const hints = b.hints(req.path);
    const data = routeData ? await routeData(req, res) : undefined;
    const shell = data ? await compressFast(Buffer.from(pageWithData(b, hints, data))) : await shellFor(b, hints);
    const encoding = pickEncoding(req, ['br', 'gzip']);
    res.setHeader('Cache-Control', 'no-cache');
    res.vary('Accept-Encoding');
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.type('html').send(encoding ? shell[encoding] : shell.html);
  };
}
