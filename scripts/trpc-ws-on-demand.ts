import fs from 'node:fs/promises';
import type { Plugin } from 'vite';

// tRPC's client index (`@trpc/client`) imports the module holding its WebSocket client to re-export it,
// so every page that uses tRPC would download and run it. The app's only WebSocket user imports it by
// its own subpath (`@trpc/client/links/wsLink/wsLink`, in client/lib/live-link.ts, loaded with the first
// subscription); here, the index's import of that module gets a stand-in with the same exports instead.
const INDEX = /[\\/]@trpc[\\/]client[\\/]dist[\\/]index\.mjs$/;
const WS_MODULE = /^\.\/wsLink-[\w-]+\.mjs$/;
const STUB = '\0roomlist:trpc-ws-stub:';

// Exports of the stand-in that are not the WebSocket client: kept working (tiny, and other links use them).
const KEPT: Record<string, string> = {
  resultOf: 'function resultOf(value, ...args) { return typeof value === "function" ? value(...args) : value; }',
};

/** The stand-in: same export names as `source` (a tRPC dist module), each failing loudly if called. */
export function wsStandIn(source: string): string {
  const list = /export\s*\{([^}]*)\}\s*;?\s*(?:\/\/[^\n]*\s*)*$/.exec(source)?.[1];
  if (!list) throw new Error('trpc-ws-on-demand: no export list at the end of the WebSocket module');
  const pairs = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const [local, exported = local] = s.split(/\s+as\s+/);
      return { local, exported };
    });
  const body = pairs.map(({ local }) =>
    KEPT[local]
      ? KEPT[local]
      : `function ${local}() { throw new Error("${local}: import it from @trpc/client/links/wsLink/wsLink (see scripts/trpc-ws-on-demand.ts)"); }`,
  );
  return `${body.join('\n')}\nexport { ${pairs.map(({ local, exported }) => `${local} as ${exported}`).join(', ')} };\n`;
}

/** Vite plugin (build only; the dev server pre-bundles dependencies on its own). */
export function trpcWsOnDemandPlugin(): Plugin {
  return {
    name: 'roomlist:trpc-ws-on-demand',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer || !INDEX.test(importer) || !WS_MODULE.test(source)) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      return resolved ? STUB + resolved.id : null;
    },
    async load(id) {
      if (!id.startsWith(STUB)) return null;
      return { code: wsStandIn(await fs.readFile(id.slice(STUB.length), 'utf8')), moduleSideEffects: false };
    },
  };
}
