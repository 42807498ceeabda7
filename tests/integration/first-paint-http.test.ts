import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#server/lib/ids';
import { eventWhen } from '#shared/event-lines';
import { INTRO_SLOTS, REGISTER_INTRO_FILE } from '#shared/first-paint';
import { M } from '#shared/messages';
import { organiserEvent } from '../helpers/attendees-browser';
import { startTestServer, type TestServer } from '../helpers/server';

// issue 8 B7: /register/{id} of a known event carries the intro (the build's first paint, with the
// event's texts filled in and escaped) inside #root; every other page and an unknown event get the
// shell as before. A client folder of our own with a hand-made template, so this stays off dist/client.

const HOSTILE_NAME = 'Door </script><script>alert(1)</script> <!-- & "Check"';
const html =
  '<!doctype html><html lang="en-GB"><head><title>Roomlist</title>' +
  '<script type="module" crossorigin src="/assets/index-aaaa1111.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/vendor-bbbb2222.js">' +
  '</head><body><div id="root"></div></body></html>';
const template =
  `<style data-mantine-styles="true">:root{--x:1}</style><div class="intro"><p>${INTRO_SLOTS.appName}</p>` +
  `<h1>${INTRO_SLOTS.title}</h1><p>${INTRO_SLOTS.when}</p><p>${INTRO_SLOTS.where}</p></div>`;

let srv: TestServer;
let clientDir: string;
let event: Awaited<ReturnType<typeof organiserEvent>>['event'];

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roomlist-first-paint-'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), html);
  fs.mkdirSync(path.join(clientDir, path.dirname(REGISTER_INTRO_FILE)));
  fs.writeFileSync(path.join(clientDir, REGISTER_INTRO_FILE), template);
  srv = await startTestServer({ env: { APP_NAME: HOSTILE_NAME }, overrides: { clientDir } });
  const made = await organiserEvent(srv, { name: "Ada's Meetup & Friends", venue: 'Hall A & B', city: 'Leeds' });
  made.api.close();
  event = made.event;
});
afterAll(async () => {
  await srv?.stop();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

function get(urlPath: string) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    http
      .get(`${srv.url}${urlPath}`, { headers: { 'accept-encoding': 'br' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const plain = res.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(body) : body;
          resolve({ status: res.statusCode ?? 0, text: plain.toString() });
        });
      })
      .on('error', reject);
  });
}

const rootOf = (page: string) => page.slice(page.indexOf('<div id="root">') + 15, page.lastIndexOf('</div>'));

describe('/register/{id} is drawn in its HTML', () => {
  it("the intro with the event's title, date and place and the app's name, escaped, inside #root", async () => {
    const page = (await get(`/register/${event.id}`)).text;
    const root = rootOf(page);
    expect(root).toBe(
      '<style data-mantine-styles="true">:root{--x:1}</style><div class="intro">' +
        '<p>Door &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &lt;!-- &amp; &quot;Check&quot;</p>' +
        `<h1>${M.attendees.joinTitle('Ada&#39;s Meetup &amp; Friends')}</h1>` +
        `<p>${eventWhen(event)}</p><p>Hall A &amp; B, Leeds</p></div>`,
    );
    expect(root).not.toContain('__RL_');
    // the provider's colour scheme is set before any script runs, and the scripts are not needed to paint
    expect(page).toContain('<html data-mantine-color-scheme="light" lang="en-GB">');
    expect(page).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-aaaa1111.js">');
    expect(page).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/vendor-bbbb2222.js">',
    );
  });

  it('an unknown event, a bad id and every other page get the shell as built: empty #root, scripts as they were', async () => {
    for (const p of [`/register/${newId()}`, '/register/%3C%2Fscript%3E', `/event-list/${event.id}`, '/', '/events']) {
      const res = await get(p);
      expect(res.status, p).toBe(200);
      expect(res.text, p).toContain('<div id="root"></div>');
      expect(res.text, p).not.toContain('fetchpriority');
      expect(res.text, p).not.toContain('data-mantine-color-scheme');
    }
  });
});
