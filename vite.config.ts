import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { doorServiceWorkerPlugin } from './scripts/door-sw';
import { mantineCssPlugin } from './scripts/mantine-css';
import { precompressPlugin } from './scripts/precompress';
import { prerenderPlugin } from './scripts/prerender';
import { trpcWsOnDemandPlugin } from './scripts/trpc-ws-on-demand';

const root = import.meta.dirname;
// The libraries every page runs (the vendor chunk below), less the part of one that loads on demand. With
// them, Mantine's core that every component is built on (Box, the factories, the styles API, the provider
// and theme, clsx): in a chunk of its own, shared by the entry and every page, it cost /register a request
// and the imports and exports that tie it to both (bench B6: ~1.2 KB); its components stay with the pages.
const VENDOR =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|@tanstack|@trpc|clsx|@mantine[\\/]core[\\/]esm[\\/]core[\\/](Box|factory|styles-api|MantineProvider|InlineStyles))[\\/]|vite\/preload-helper/;
const ON_DEMAND = /[\\/]node_modules[\\/]@trpc[\\/]client[\\/]dist[\\/](wsLink-|links[\\/]wsLink[\\/])/;

// The client lives in client/; the built bundle goes to dist/client, which the Node server serves.
export default defineConfig({
  root: path.join(root, 'client'),
  publicDir: path.join(root, 'client/public'),
  plugins: [
    reactRouterProduction(),
    mantineCssPlugin(),
    trpcWsOnDemandPlugin(),
    react(),
    prerenderPlugin(),
    doorServiceWorkerPlugin(),
    precompressPlugin(),
  ],
  resolve: {
    alias: {
      '#shared': path.join(root, 'shared'),
      '#client': path.join(root, 'client'),
    },
  },
  build: {
    outDir: path.join(root, 'dist/client'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // Every browser the pages support runs ES modules; one without <link rel=modulepreload> (Safari
    // before 17) still loads each chunk, only a little later. Not shipping the polyfill: ~0.5 KB (B6).
    modulePreload: { polyfill: false },
    // .vite/manifest.json (never served: a dot folder): the server reads it to add <link rel=modulepreload>
    // for the chunks of the page a URL opens (server/http/route-preloads.ts, issue 8 B7).
    manifest: true,
    // Split by route (client/routes.tsx loads every page lazily); issue 8 B6 measures the result.
    rolldownOptions: {
      // The app (index.html) and the join page's loader, which asks for the page's scripts after its first
      // paint (server/http/first-paint.ts).
      input: { index: path.join(root, 'client/index.html'), 'after-paint': path.join(root, 'client/after-paint.ts') },
      // An app, not a library: no chunk has to keep the exports of its modules.
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          // The libraries every page runs, in one file that stays cached across deploys of the app's code
          // (rolldown's own split would cut them into pieces by which pages share each one).
          groups: [
            {
              name: 'vendor',
              // With Vite's helper behind every dynamic import: a page chunk that loads something later (the
              // join form's schemas) takes it from here, not from the entry, which would then need a facade.
              // tRPC's WebSocket client stays out: client/lib/live-link.ts loads it with the first subscription.
              test: (id) => VENDOR.test(id) && !ON_DEMAND.test(id),
            },
          ],
          // Common chunks under ~34 KB are copied into the chunks that use them: /register loads 12 files
          // instead of 44, each saving ~0.9 KB of response headers and a request (issue 8 B6: 226 → 193 KB).
          // Experimental in rolldown (it turns on strictExecutionOrder); remove this line to go back.
          experimentalInlineCommonChunks: { maxSize: 34_000 },
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/trpc': { target: 'http://localhost:3000', ws: true },
      '/uploads': 'http://localhost:3000',
      '/healthz': 'http://localhost:3000',
      '/api': 'http://localhost:3000',
    },
  },
});

/**
 * React Router 7 ships a production build beside its development one, but its package exports name only
 * the development build, whatever the mode (a known upstream problem, meant to be temporary). The two
 * differ in one flag, ENABLE_DEV_WARNINGS: with it off the minifier drops the developer warnings and the
 * "Hey developer" error screen's extras, which no visitor should get (bench B6: ~0.35 KB on every page).
 * So a production build takes the production file; `npm run dev` keeps the warnings.
 */
function reactRouterProduction(): Plugin {
  const dir = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
  return {
    name: 'roomlist:react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      return source === 'react-router' ? path.join(dir, 'dist/production/index.mjs') : undefined;
    },
  };
}
