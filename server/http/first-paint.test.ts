import { describe, expect, it } from 'vitest';
import { PAGE_SCRIPTS_ELEMENT_ID } from '#shared/first-paint';
import { withFirstPaint } from './first-paint';

const built =
  '<!doctype html><html lang="en-GB"><head><title>Roomlist</title>\n' +
  '    <script type="module" crossorigin src="/assets/index-aaaa1111.js"></script>\n' +
  '    <link rel="modulepreload" crossorigin href="/assets/vendor-bbbb2222.js">\n' +
  '    <link rel="modulepreload" crossorigin href="/assets/join-page-dddd4444.js">\n' +
  '    <link rel="preload" as="style" crossorigin href="/assets/join-page-eeee5555.css">\n' +
  '</head><body><div id="root"></div></body></html>';
const markup = '<h1>Join the room for Summer Meetup</h1>';

describe('withFirstPaint (bench B7: the join page drawn in its HTML)', () => {
  it("with the build's loader: the scripts leave the page for a list the loader asks for after the first paint", () => {
    const page = withFirstPaint(built, markup, 'assets/after-paint-cccc3333.js');
    expect(page).toContain(`<div id="root">${markup}</div>`);
    expect(page).toContain('<html data-mantine-color-scheme="light" lang="en-GB">');
    expect(page).not.toContain('index-aaaa1111.js"></script>');
    expect(page).not.toContain('rel="modulepreload"');
    expect(page).toContain('<link rel="preload" as="style" crossorigin href="/assets/join-page-eeee5555.css">');
    const list = page.match(
      new RegExp(`<script type="application/json" id="${PAGE_SCRIPTS_ELEMENT_ID}">(.*?)</script>`),
    );
    expect(JSON.parse(list?.[1] ?? 'null')).toEqual([
      '/assets/index-aaaa1111.js',
      '/assets/vendor-bbbb2222.js',
      '/assets/join-page-dddd4444.js',
    ]);
    // the list, then the loader, at the end of the body
    expect(page).toMatch(
      /<\/script>\n {4}<script type="module" crossorigin src="\/assets\/after-paint-cccc3333\.js"><\/script>\n {2}<\/body><\/html>$/,
    );
  });

  it('without a loader, or with a page not shaped as built, the scripts stay, fetched at low priority', () => {
    const twoEntries = built.replace(
      '</head>',
      '<script type="module" crossorigin src="/assets/other.js"></script></head>',
    );
    for (const [page, loader] of [
      [built, undefined],
      [twoEntries, 'assets/after-paint-cccc3333.js'],
    ] as const) {
      const drawn = withFirstPaint(page, markup, loader);
      expect(drawn).toContain(`<div id="root">${markup}</div>`);
      expect(drawn).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-aaaa1111.js">');
      expect(drawn).toContain(
        '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/vendor-bbbb2222.js">',
      );
      expect(drawn).not.toContain(PAGE_SCRIPTS_ELEMENT_ID);
      expect(drawn).not.toContain('after-paint');
    }
  });
});
