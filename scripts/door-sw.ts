import { createHash } from 'node:crypto';
import path from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

// The door page's modules (client/routes.tsx → client/organiser-routes.tsx → the page), and whether what
// each loads on demand comes too: the route table's other pages do not.
const DOOR_MODULES = [
  { module: 'client/organiser-routes.tsx', onDemand: false },
  { module: 'client/styles/organiser-styles.ts', onDemand: true },
  { module: 'client/features/door/door-page.tsx', onDemand: true },
];
const STATIC_FILES = ['/favicon.svg', '/door/icon-192.png', '/door/icon-512.png'];

type Chunk = {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
  viteMetadata?: { importedCss: Set<string> };
};

/**
 * The files the door needs to open offline: the entry and what it imports, the door page's chunks and
 * everything they load (on demand too), and their stylesheets. Exported for its test.
 */
export function doorPrecache(bundle: Record<string, { type: string }>): string[] {
  const chunks = Object.values(bundle).filter((c): c is Chunk => c.type === 'chunk') as Chunk[];
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const seen = new Set<string>();
  const visited = new Set<string>(); // file and mode: a chunk met statically may later be met with its on-demand code
  const css = new Set<string>();
  const visit = (file: string, dynamic: boolean) => {
    const c = byFile.get(file);
    if (!c || visited.has(`${dynamic}:${file}`)) return;
    visited.add(`${dynamic}:${file}`);
    seen.add(file);
    for (const f of c.viteMetadata?.importedCss ?? []) css.add(f);
    for (const f of c.imports) visit(f, dynamic);
    if (dynamic) for (const f of c.dynamicImports) visit(f, dynamic);
  };
  for (const c of chunks) if (c.isEntry) visit(c.fileName, false);
  for (const { module, onDemand } of DOOR_MODULES) {
    const c = chunks.find((x) => x.facadeModuleId?.replaceAll('\\', '/').endsWith(module));
    if (!c) throw new Error(`door-sw: no chunk for ${module}`);
    visit(c.fileName, onDemand);
  }
  return [...[...seen, ...css].map((f) => `/${f}`).sort(), ...STATIC_FILES];
}

/** Vite plugin: builds client/features/door/door-sw.ts into door/sw.js with the door's file list. */
export function doorServiceWorkerPlugin(): Plugin {
  return {
    name: 'roomlist-door-sw',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const precache = doorPrecache(bundle as Record<string, { type: string }>);
      const version = createHash('sha256').update(precache.join('\n')).digest('hex').slice(0, 12);
      const out = await build({
        entryPoints: [path.join(import.meta.dirname, '../client/features/door/door-sw.ts')],
        bundle: true,
        write: false,
        format: 'iife',
        target: 'es2020',
        minify: true,
        define: { __DOOR_PRECACHE__: JSON.stringify(precache), __DOOR_VERSION__: JSON.stringify(version) },
      });
      this.emitFile({ type: 'asset', fileName: 'door/sw.js', source: out.outputFiles[0].text });
    },
  };
}
