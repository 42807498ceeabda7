import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CLIENT_DIR } from '#server/app';
import { COMPRESSION } from '#server/constants';
import { APP } from '#shared/constants';
import { M } from '#shared/messages';
import { precompressDir } from '../../scripts/precompress';
import { startTestServer, type TestServer } from '../helpers/server';

// issue 7 item 11: built files go out as the build compressed them (brotli or gzip, whichever the
// request accepts), never compressed per request. A client folder of our own, precompressed by the same
// function the Vite build runs, keeps these tests off dist/client (which other test runs rebuild).

const APP_NAME = 'Door Check';
const script = `export const attendees = [${Array.from({ length: 400 }, (_, i) => `"attendee ${i}"`).join(',')}];\n`;
const style = `.m_1 { color: red; }\n${'.row { padding: 4px; }\n'.repeat(100)}`;
const notCompressedLater = `export const late = "${'x'.repeat(4_000)}";\n`;
const html =
  '<!doctype html><html><head><meta name="description" content="Roomlist: rooms." /><title>Roomlist</title>' +
  `</head><body><div id="root"></div><script type="module" src="/assets/app-1a2b3c.js"></script>${' '.repeat(2_000)}</body></html>`;

let srv: TestServer;
let clientDir: string;

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roomlist-precompressed-'));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), html);
  fs.writeFileSync(path.join(clientDir, 'assets/app-1a2b3c.js'), script);
  fs.writeFileSync(path.join(clientDir, 'assets/app-1a2b3c.css'), style);
  fs.writeFileSync(path.join(clientDir, 'assets/tiny-9f8e7d.js'), 'export const a = 1;\n');
  await precompressDir(clientDir);
  // Written after the build step: it has no compressed copy, so it must go out as it is.
  fs.writeFileSync(path.join(clientDir, 'assets/late-4d5e6f.js'), notCompressedLater);
  srv = await startTestServer({ env: { APP_NAME }, overrides: { clientDir } });
});
afterAll(async () => {
  await srv?.stop();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

/** A raw GET/HEAD (fetch would decode the body itself): status, headers and the bytes as sent. */
function raw(urlPath: string, acceptEncoding?: string, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const headers: Record<string, string> = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    const req = http.request(`${srv.url}${urlPath}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const decode = (encoding: string | undefined, body: Buffer) =>
  encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body;

describe('built assets', () => {
  it('sends brotli to a browser that accepts it, with Vary, the JS type and the long cache', async () => {
    const plain = await raw('/assets/app-1a2b3c.js', 'identity');
    const res = await raw('/assets/app-1a2b3c.js', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.headers['content-type']).toBe(plain.headers['content-type']);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body.length).toBeLessThan(script.length / 4);
    expect(decode('br', res.body).toString()).toBe(script);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
  });

  it('sends gzip when only gzip is accepted (Chromium over plain http), and to a q-value preference', async () => {
    for (const accept of ['gzip, deflate', 'br;q=0, gzip', 'gzip;q=1, br;q=0.5']) {
      const res = await raw('/assets/app-1a2b3c.js', accept);
      expect(res.headers['content-encoding'], accept).toBe('gzip');
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(decode('gzip', res.body).toString()).toBe(script);
    }
    const css = await raw('/assets/app-1a2b3c.css', 'gzip');
    expect(css.headers['content-encoding']).toBe('gzip');
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(decode('gzip', css.body).toString()).toBe(style);
  });

  it('sends the plain file to a client that asks for no encoding, or refuses both', async () => {
    for (const accept of [undefined, '', 'identity', 'br;q=0, gzip;q=0', 'deflate']) {
      const res = await raw('/assets/app-1a2b3c.js', accept);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding'], String(accept)).toBeUndefined();
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(res.body.toString()).toBe(script);
    }
  });

  it('answers HEAD with the headers of the encoded file and no body', async () => {
    const get = await raw('/assets/app-1a2b3c.js', 'br');
    const head = await raw('/assets/app-1a2b3c.js', 'br', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.body.length).toBe(0);
  });

  it('never compresses per request: a file the build left uncompressed (or too small to gain) goes out as it is', async () => {
    const late = await raw('/assets/late-4d5e6f.js', 'br, gzip');
    expect(late.status).toBe(200);
    expect(late.headers['content-encoding']).toBeUndefined();
    expect(late.body.toString()).toBe(notCompressedLater);
    const tiny = await raw('/assets/tiny-9f8e7d.js', 'br, gzip');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(fs.existsSync(path.join(clientDir, 'assets/tiny-9f8e7d.js.br'))).toBe(false);
  });

  it('answers a missing asset with the plain 404, whatever the encoding asked, naming no path', async () => {
    for (const accept of ['br', undefined]) {
      const res = await raw('/assets/gone-000000.js', accept);
      expect(res.status).toBe(404);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(res.body.toString())).toEqual({ error: M.common.notFound });
      expect(res.body.toString()).not.toContain(clientDir);
    }
  });
});

describe('response headers (issue 8 B6)', () => {
  const DOCUMENT_ONLY = [
    'content-security-policy',
    'cross-origin-opener-policy',
    'x-frame-options',
    'origin-agent-cluster',
  ];

  it('a built script or stylesheet carries nosniff, CORP and its cache headers, none of the document-only ones', async () => {
    for (const file of ['/assets/app-1a2b3c.js', '/assets/app-1a2b3c.css', '/assets/late-4d5e6f.js']) {
      const res = await raw(file, 'br, gzip');
      expect(res.status, file).toBe(200);
      expect(res.headers['x-content-type-options'], file).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], file).toBe('same-origin');
      expect(res.headers['cache-control'], file).toBe('public, max-age=31536000, immutable');
      for (const h of DOCUMENT_ONLY) expect(res.headers[h], `${file} ${h}`).toBeUndefined();
      // named by its content, never revalidated: no validators
      expect(res.headers.etag, file).toBeUndefined();
      expect(res.headers['last-modified'], file).toBeUndefined();
    }
  });

  it('the page itself, other files and API answers keep the full set', async () => {
    for (const p of ['/register/some-event', '/index.html', '/assets/gone-000000.svg', '/healthz']) {
      const res = await raw(p, 'br, gzip');
      expect(res.headers['content-security-policy'], p).toContain("script-src 'self'");
      expect(res.headers['x-frame-options'], p).toBe('SAMEORIGIN');
      expect(res.headers['x-content-type-options'], p).toBe('nosniff');
    }
  });
});

describe('index.html', () => {
  it('is branded once and sent compressed, on every SPA route, with Vary and no-cache', async () => {
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      [undefined, undefined],
    ] as const) {
      const res = await raw('/register/some-event', accept);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding'], String(accept)).toBe(encoding);
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      const page = decode(encoding, res.body).toString();
      expect(page).toContain(`<title>${APP_NAME}</title>`);
      expect(page).not.toContain(`<title>${APP.NAME}</title>`);
    }
    const head = await raw('/index.html', 'br', 'HEAD');
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.body.length).toBe(0);
  });
});

describe('the production build', () => {
  it('leaves a .br and a .gz beside every JS and CSS file over the threshold (dist/client, built for this run)', () => {
    const assets = path.join(DEFAULT_CLIENT_DIR, 'assets');
    const built = fs.readdirSync(assets).filter((f) => /\.(js|css)$/.test(f));
    const big = built.filter((f) => fs.statSync(path.join(assets, f)).size >= COMPRESSION.MIN_BYTES);
    expect(big.length).toBeGreaterThan(0);
    for (const f of big) {
      const original = fs.readFileSync(path.join(assets, f));
      expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(assets, `${f}.br`))).equals(original), f).toBe(true);
      expect(zlib.gunzipSync(fs.readFileSync(path.join(assets, `${f}.gz`))).equals(original), f).toBe(true);
    }
  });
});
