import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { INTRO_SLOTS, REGISTER_INTRO_FILE } from '#shared/first-paint';
import { keepUsedVariables } from '../../scripts/prerender';

// issue 8 B7: the client build renders the join page's intro (client/prerender/register-intro.tsx) into
// a template with a slot per text, with the theme's variables cut to the ones the markup and the served
// stylesheet can reach.

const root = path.resolve(import.meta.dirname, '../..');
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roomlist-prerender-'));
afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

describe('the theme variables kept for the first paint', () => {
  it('keeps what is used, directly or through another kept variable, in every block; drops the rest', () => {
    const block =
      ':root, :host{--a: 1px;--b: var(--c);--c: red;--unused: var(--a);--d: 2px}' +
      ':root[data-mantine-color-scheme="light"]{--b: var(--e);--e: blue;--f: green}';
    expect(keepUsedVariables(block, ['--b', '--d'])).toBe(
      ':root, :host{--b: var(--c);--c: red;--d: 2px}:root[data-mantine-color-scheme="light"]{--b: var(--e);--e: blue}',
    );
    expect(keepUsedVariables(block, [])).toBe('');
  });
});

describe('the join page’s first paint, as the build writes it', () => {
  it('is the intro with a slot for each text, the variables it needs and none of the dark scheme', async () => {
    fs.mkdirSync(path.join(outDir, 'assets'));
    fs.writeFileSync(
      path.join(outDir, 'index.html'),
      '<html><head><link rel="stylesheet" crossorigin href="/assets/index-x.css"></head><body></body></html>',
    );
    // the served stylesheet uses one variable the markup does not
    fs.writeFileSync(path.join(outDir, 'assets/index-x.css'), 'body{color:var(--mantine-color-text)}');
    // in a Node process of its own, as `vite build` runs it (vitest would resolve the bundle's packages
    // for it), with the output outside the app's folder, as the benchmarks build it
    const run = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import('./scripts/prerender.ts').then((m) => m.prerenderRegisterIntro(${JSON.stringify(root)}, ${JSON.stringify(outDir)}))`,
      ],
      { cwd: root, encoding: 'utf8' },
    );
    expect(run.stderr.replace(/npm warn.*\n?/g, ''), 'the build step').toBe('');
    expect(run.status).toBe(0);
    const template = fs.readFileSync(path.join(outDir, REGISTER_INTRO_FILE), 'utf8');
    // only the template is written there, and the bundle it was rendered with is gone
    expect(fs.readdirSync(path.join(outDir, path.dirname(REGISTER_INTRO_FILE)))).toEqual([
      path.basename(REGISTER_INTRO_FILE),
    ]);
    const cache = path.join(root, 'node_modules/.cache/roomlist-prerender');
    expect(fs.readdirSync(cache).filter((f) => f.startsWith('render-'))).toEqual([]);

    for (const slot of Object.values(INTRO_SLOTS)) expect(template).toContain(slot);
    expect(template).toMatch(new RegExp(`<h1[^>]*class="[^"]*mantine-Title-root[^"]*"[^>]*>${INTRO_SLOTS.title}</h1>`));
    const vars = /<style data-mantine-styles="true">([\s\S]*?)<\/style>/.exec(template)?.[1] ?? '';
    // what the title and the stylesheet use, and what those refer to in turn
    expect(vars).toContain('--mantine-h3-font-size:');
    expect(vars).toContain('--mantine-color-text:');
    // the brand's icon, in the theme's primary shade (7: WCAG AA with white, client/theme.ts)
    expect(vars).toContain('--mantine-color-indigo-filled: var(--mantine-color-indigo-7)');
    expect(vars).toContain('--mantine-color-indigo-7:'); // through the line above
    expect(vars).toContain('--mantine-color-dimmed: #5f666d'); // the venue and date under the title
    expect(vars).toContain('--mantine-scale:');
    // not used by the intro or the stylesheet, and the served page is never dark
    expect(vars).not.toContain('--mantine-color-grape-');
    expect(vars).not.toContain('"dark"');
    expect(vars.length).toBeLessThan(8_000);
  });
});
