import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import type { Plugin } from 'vite';
import { readShellStyles } from '../server/http/inline-styles';
import { REGISTER_INTRO_FILE } from '../shared/first-paint';

const VARIABLES_STYLE = /<style data-mantine-styles="true">([\s\S]*?)<\/style>/;
const VAR_USE = /var\(\s*(--[\w-]+)/g;

/**
 * The theme's variables block (`selector{--a: x;--b: y}…`) cut to the variables that `used` reaches
 * through var() (directly, or through another kept variable's value). Before the page's script runs,
 * only the served stylesheet and this markup can refer to one, so what is cut could not show; React's
 * first render brings the provider's full block back.
 */
export function keepUsedVariables(block: string, used: Iterable<string>): string {
  const rules = [...block.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map(([, selector, body]) => ({
    selector: selector.trim(),
    decls: body
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => ({ name: d.slice(0, d.indexOf(':')).trim(), text: d })),
  }));
  const definitions = new Map<string, string[]>();
  for (const rule of rules) {
    for (const d of rule.decls) definitions.set(d.name, [...(definitions.get(d.name) ?? []), d.text]);
  }
  const keep = new Set<string>();
  const queue = [...used];
  while (queue.length > 0) {
    const name = queue.pop() as string;
    if (keep.has(name)) continue;
    keep.add(name);
    for (const text of definitions.get(name) ?? []) for (const [, ref] of text.matchAll(VAR_USE)) queue.push(ref);
  }
  return rules
    .map((rule) => ({ ...rule, decls: rule.decls.filter((d) => keep.has(d.name)) }))
    .filter((rule) => rule.decls.length > 0)
    .map((rule) => `${rule.selector}{${rule.decls.map((d) => d.text).join(';')}}`)
    .join('');
}

/** Every custom property the text refers to with var(). */
const variablesUsed = (text: string) => new Set([...text.matchAll(VAR_USE)].map(([, name]) => name));

/**
 * Renders client/prerender/register-intro.tsx in Node (bundled by esbuild, packages from node_modules)
 * and writes it to `outDir`/REGISTER_INTRO_FILE with the theme's variables cut to what it and the
 * served stylesheet use (~26 KB → ~3 KB).
 */
export async function prerenderRegisterIntro(root: string, outDir: string): Promise<number> {
  // inside the app (its packages resolve from there, wherever the output goes), a name of its own per
  // build (two builds at once do not share it), removed once imported
  const bundled = path.join(root, 'node_modules/.cache/roomlist-prerender', `render-${process.pid}-${Date.now()}.mjs`);
  await build({
    absWorkingDir: root,
    entryPoints: ['client/prerender/register-intro.tsx'],
    outfile: bundled,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    jsx: 'automatic',
    alias: { '#shared': './shared', '#client': './client' },
    logLevel: 'warning',
  });
  let registerIntroTemplate: () => string;
  try {
    ({ registerIntroTemplate } = await import(pathToFileURL(bundled).href));
  } finally {
    await fs.rm(bundled, { force: true });
  }
  const markup = registerIntroTemplate();
  const indexHtml = await fs.readFile(path.join(outDir, 'index.html'), 'utf8');
  const css = [...(await readShellStyles(outDir, indexHtml)).values()].join('\n');
  const rest = markup.replace(VARIABLES_STYLE, '');
  const used = new Set([...variablesUsed(css), ...variablesUsed(rest)]);
  // the served page is light (the provider's defaultColorScheme): the dark scheme's rules cannot apply
  const template = markup.replace(VARIABLES_STYLE, (_m, block: string) => {
    const light = block.replace(/[^{}]*"dark"[^{}]*\{[^{}]*\}/g, '');
    return `<style data-mantine-styles="true">${keepUsedVariables(light, used)}</style>`;
  });
  const file = path.join(outDir, REGISTER_INTRO_FILE);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, template);
  return template.length;
}

/** Vite plugin: writes the join page's first paint after every production build of the client. */
export function prerenderPlugin(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'roomlist:prerender',
    apply: 'build',
    configResolved(config) {
      root = path.resolve(config.root, '..');
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const bytes = await prerenderRegisterIntro(root, outDir);
      this.info(`join page first paint: ${(bytes / 1024).toFixed(1)} KB`);
    },
  };
}
