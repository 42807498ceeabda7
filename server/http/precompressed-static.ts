import fs from 'node:fs';
import path from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import { ENCODINGS, type Encoding, pickEncoding } from './content-encoding';

type Options = { maxAge: string; immutable?: boolean };

/**
 * express.static over a folder where the build left `x.js.br` and `x.js.gz` beside `x.js`
 * (scripts/precompress.ts): a request that accepts one gets those bytes with Content-Encoding, the
 * original file's Content-Type and `Vary: Accept-Encoding`; nothing is compressed per request. A missing
 * file falls through (to the caller's plain 404), as express.static does.
 */
export function precompressedStatic(dir: string, options: Options) {
  const variants = variantIndex(dir);
  const serve = express.static(dir, {
    index: false,
    maxAge: options.maxAge,
    immutable: options.immutable,
    // A file named by its content is never revalidated: validators and ranges on it are bytes for nothing.
    etag: !options.immutable,
    lastModified: !options.immutable,
    acceptRanges: !options.immutable,
    setHeaders: (res) => {
      const chosen = res.locals.precompressed as { encoding: Encoding; ext: string } | undefined;
      if (!chosen) return;
      res.setHeader('Content-Encoding', chosen.encoding);
      res.type(chosen.ext);
    },
  });

  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const available = variants().get(decodePath(req.path));
    if (available) {
      res.vary('Accept-Encoding');
      const encoding = pickEncoding(req, available);
      if (encoding) {
        const suffix = ENCODINGS.find((e) => e.name === encoding)?.suffix ?? '';
        res.locals.precompressed = { encoding, ext: path.extname(req.path) };
        const [pathname, query] = splitUrl(req.url);
        req.url = pathname + suffix + query;
      }
    }
    serve(req, res, next);
  };
}

/**
 * Which files of `dir` have compressed copies: read from the folder once (the build writes them before
 * the server starts); until the client is built the index stays empty and is read again.
 */
function variantIndex(dir: string) {
  let index: Map<string, Encoding[]> | undefined;
  return () => {
    if (index) return index;
    const found = new Map<string, Encoding[]>();
    for (const file of listFiles(dir)) {
      const encoding = ENCODINGS.find((e) => file.endsWith(e.suffix));
      if (!encoding) continue;
      const original = file.slice(0, -encoding.suffix.length);
      found.set(original, [...(found.get(original) ?? []), encoding.name]);
    }
    for (const list of found.values()) list.sort((a, b) => rank(a) - rank(b));
    if (found.size > 0) index = found;
    return found;
  };
}

const rank = (e: Encoding) => ENCODINGS.findIndex((x) => x.name === e);

/** Every file under dir as a URL path ("/assets/x.js"), or nothing when dir does not exist yet. */
function listFiles(dir: string): string[] {
  try {
    return fs
      .readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => `/${path.relative(dir, path.join(d.parentPath, d.name)).split(path.sep).join('/')}`);
  } catch {
    return [];
  }
}

function decodePath(p: string): string {
  try {
    return decodeURIComponent(p);
  } catch {
    return p;
  }
}

function splitUrl(url: string): [string, string] {
  const i = url.indexOf('?');
  return i === -1 ? [url, ''] : [url.slice(0, i), url.slice(i)];
}
