import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#server/lib/ids';
import { PAGE_HINTS } from '#shared/constants';
import { organiserEvent } from '../helpers/attendees-browser';
import { startTestServer, type TestServer } from '../helpers/server';

// issue 8 B7: the page a URL opens gets its own chunks preloaded with the HTML, and /register/{id} its
// event and public configuration inside the HTML. A client folder of our own with a manifest shaped like
// Vite's (`build.manifest`), so these tests stay off dist/client.

// An APP_NAME that would break out of a <script> and split a JavaScript line if it were not escaped.
const HOSTILE_NAME = 'Door </script><script>alert(1)</script> <!-- \u2028 \u2029 & Check';

const manifest = {
  'index.html': {
    file: 'assets/index-aaaa1111.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_vendor-bbbb2222.js', '_Box-cccc3333.js'],
    css: ['assets/index-dddd4444.css'],
  },
  '_vendor-bbbb2222.js': { file: 'assets/vendor-bbbb2222.js' },
  '_Box-cccc3333.js': { file: 'assets/Box-cccc3333.js', imports: ['_vendor-bbbb2222.js'] },
  '_form-eeee5555.js': { file: 'assets/form-eeee5555.js', imports: ['_Box-cccc3333.js'] },
  'features/registrations/join-page.tsx': {
    file: 'assets/join-page-ffff6666.js',
    isDynamicEntry: true,
    imports: ['_vendor-bbbb2222.js', '_Box-cccc3333.js', '_form-eeee5555.js'],
    dynamicImports: ['../shared/schemas/registrations.ts'],
  },
  '../shared/schemas/registrations.ts': { file: 'assets/registrations-1111aaaa.js', isDynamicEntry: true },
  'styles/list-styles.ts': { file: 'assets/list-styles-2222bbbb.js', css: ['assets/list-styles-3333cccc.css'] },
  'features/registrations/attendee-list-page.tsx': {
    file: 'assets/attendee-list-page-4444dddd.js',
    imports: ['_vendor-bbbb2222.js', '_ScrollArea-5555eeee.js'],
  },
  '_ScrollArea-5555eeee.js': { file: 'assets/ScrollArea-5555eeee.js' },
  'features/dashboard/dashboard-page.tsx': {
    file: 'assets/dashboard-page-6666ffff.js',
    imports: ['_app-shell-7777aaaa.js', '_ScrollArea-5555eeee.js'],
  },
  '_app-shell-7777aaaa.js': { file: 'assets/app-shell-7777aaaa.js' },
  'styles/organiser-styles.ts': { file: 'assets/organiser-styles-8888bbbb.js', css: ['assets/organiser-8888.css'] },
};
const html =
  '<!doctype html><html><head><title>Roomlist</title>' +
  '<script type="module" crossorigin src="/assets/index-aaaa1111.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/vendor-bbbb2222.js">' +
  '<link rel="stylesheet" crossorigin href="/assets/index-dddd4444.css">' +
  '</head><body><div id="root"></div></body></html>';

// The entry's stylesheet, with text that would end a <style> element early if it were not escaped.
const ENTRY_CSS = '.m_a{color:red}\n/* </style><script>alert(1)</script> */\n.m_b::after{content:"</STYLE >"}\n';
const STYLESHEET_LINK = '<link rel="stylesheet" crossorigin href="/assets/index-dddd4444.css">';

let srv: TestServer;
let clientDir: string;
let eventId: string;

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roomlist-page-hints-'));
  fs.mkdirSync(path.join(clientDir, '.vite'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), html);
  fs.writeFileSync(path.join(clientDir, '.vite/manifest.json'), JSON.stringify(manifest));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'assets/index-dddd4444.css'), ENTRY_CSS);
  srv = await startTestServer({ env: { APP_NAME: HOSTILE_NAME }, overrides: { clientDir } });
  const { api, event } = await organiserEvent(srv, { name: "Ada's Meetup & Friends" });
  api.close();
  eventId = event.id;
});
afterAll(async () => {
  await srv?.stop();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

/** A raw GET: status, headers and the body decoded from whatever encoding the server chose. */
function get(urlPath: string, acceptEncoding = 'br, gzip') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>((resolve, reject) => {
    const req = http.get(`${srv.url}${urlPath}`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const plain =
          encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: plain.toString() });
      });
    });
    req.on('error', reject);
  });
}

const preloads = (page: string) =>
  [...page.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
const styleBlocks = (page: string) => [...page.matchAll(/<style>([\s\S]*?)<\/style>/gi)].map((m) => m[1]);
const dataOf = (page: string) => {
  const m = page.match(new RegExp(`<script type="application/json" id="${PAGE_HINTS.DATA_ELEMENT_ID}">(.*?)</script>`));
  return m ? (JSON.parse(m[1]) as { path: string; input?: unknown; data: unknown }[]) : undefined;
};

describe('modulepreload per page', () => {
  it("/register/{id} names the join page's chunks the entry does not load, and no organiser chunk", async () => {
    const page = (await get(`/register/${eventId}`)).text;
    // the ones the built index.html already had, then the page's own (its schemas stay on demand)
    expect(preloads(page)).toEqual([
      '/assets/vendor-bbbb2222.js',
      '/assets/join-page-ffff6666.js',
      '/assets/form-eeee5555.js',
    ]);
    for (const organiser of ['dashboard-page', 'app-shell', 'organiser-styles', 'ScrollArea', 'registrations-1111']) {
      expect(page).not.toContain(organiser);
    }
    // the hints go in the head, before the page's data and the body
    expect(page.indexOf('join-page-ffff6666')).toBeLessThan(page.indexOf('</head>'));
  });

  it("/event-list/{id} names its own chunks and preloads (not applies) the list's stylesheet", async () => {
    const page = (await get(`/event-list/${eventId}`)).text;
    expect(preloads(page)).toEqual([
      '/assets/vendor-bbbb2222.js',
      '/assets/list-styles-2222bbbb.js',
      '/assets/attendee-list-page-4444dddd.js',
      '/assets/ScrollArea-5555eeee.js',
    ]);
    expect(page).toContain('<link rel="preload" as="style" crossorigin href="/assets/list-styles-3333cccc.css">');
    expect(page).not.toContain('rel="stylesheet"');
    expect(page).not.toContain('join-page');
  });

  it('an organiser page, the shell itself and an unknown path get the built index.html unchanged', async () => {
    for (const p of ['/', '/events', '/index.html', '/register', '/register/a/b/c']) {
      const page = (await get(p)).text;
      expect(preloads(page), p).toEqual(['/assets/vendor-bbbb2222.js']);
      expect(dataOf(page), p).toBeUndefined();
      expect(page, p).toContain(STYLESHEET_LINK);
      expect(styleBlocks(page), p).toEqual([]);
    }
  });

  it('never serves the build manifest itself', async () => {
    const res = await get('/.vite/manifest.json');
    expect(res.headers['content-type']).not.toMatch(/json/);
    expect(res.text).not.toContain('join-page-ffff6666');
  });
});

describe("the public pages carry the shell's stylesheet inline", () => {
  it('/register/{id} (with or without data) and the other public pages: a <style> where the link was', async () => {
    const pages = [`/register/${eventId}`, `/register/${newId()}`, `/event-list/${eventId}`];
    for (const p of pages) {
      const res = await get(p);
      expect(res.status, p).toBe(200);
      expect(res.text, p).not.toContain(STYLESHEET_LINK);
      expect(res.text, p).not.toContain('index-dddd4444.css');
      // one element, in the link's place: after the entry's preloads, before the page's own hints
      const blocks = styleBlocks(res.text);
      expect(blocks, p).toHaveLength(1);
      const at = res.text.indexOf('<style>');
      expect(at, p).toBeGreaterThan(res.text.indexOf('vendor-bbbb2222.js'));
      expect(at, p).toBeLessThan(res.text.indexOf('</head>'));
      // the CSS, with only its `</style` written so that it cannot end the element
      expect(blocks[0], p).toBe(ENTRY_CSS.replace('</style>', '<\\/style>').replace('</STYLE', '<\\/STYLE'));
      // inline styles were already allowed; scripts stay our origin's only
      expect(res.headers['content-security-policy'], p).toContain("style-src 'self' 'unsafe-inline'");
      expect(res.headers['content-security-policy'], p).toContain("script-src 'self';");
    }
  });
});

describe("/register/{id} carries the page's first answers", () => {
  it('the event and the public configuration, as the procedures answer them', async () => {
    const visitor = srv.client();
    const [event, config] = await Promise.all([
      visitor.trpc.registrations.event.query({ eventId }),
      visitor.trpc.system.publicConfig.query(),
    ]);
    visitor.close();
    for (const accept of ['br, gzip', 'gzip', 'identity']) {
      const res = await get(`/register/${eventId}`, accept);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(dataOf(res.text), accept).toEqual([
        { path: 'registrations.event', input: { eventId }, data: event },
        { path: 'system.publicConfig', data: config },
      ]);
    }
  });

  it('escapes what could end the script element or a JavaScript line, and keeps the CSP', async () => {
    const res = await get(`/register/${eventId}`);
    const page = res.text;
    // the only </script> after the data's opening tag is its own
    const start = page.indexOf(`id="${PAGE_HINTS.DATA_ELEMENT_ID}"`);
    const body = page.slice(start, page.indexOf('</script>', start));
    for (const raw of ['<script>', '</', '<!--', '\u2028', '\u2029', '&']) expect(body).not.toContain(raw);
    expect(body).toContain('\\u003c/script\\u003e');
    // read back, the values are what they were
    const config = dataOf(page)?.find((e) => e.path === 'system.publicConfig')?.data as { appName: string };
    expect(config.appName).toBe(HOSTILE_NAME);
    const event = dataOf(page)?.find((e) => e.path === 'registrations.event')?.data as { name: string };
    expect(event.name).toBe("Ada's Meetup & Friends");
    // the data is never run, so the policy stays: scripts from our origin only
    expect(res.headers['content-security-policy']).toContain("script-src 'self';");
  });

  it('a missing event or a malformed id puts nothing in the page: it asks and shows its own message', async () => {
    for (const p of [`/register/${newId()}`, '/register/not-an-id', '/register/%3C%2Fscript%3E']) {
      const res = await get(p);
      expect(res.status, p).toBe(200);
      expect(dataOf(res.text), p).toBeUndefined();
      expect(res.text).not.toContain(PAGE_HINTS.DATA_ELEMENT_ID);
      // still the register page: its chunks are preloaded all the same
      expect(preloads(res.text), p).toContain('/assets/join-page-ffff6666.js');
    }
  });

  it('only /register/{id} carries data: the other pages of the event do not read the database for it', async () => {
    for (const p of [`/event-list/${eventId}`, `/event-display/${eventId}`, `/register/${eventId}/edit/${newId()}`]) {
      expect(dataOf((await get(p)).text), p).toBeUndefined();
    }
  });
});
