import fs from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { COMPRESSION } from '#server/constants';
import { compressBoth, ENCODINGS } from '#server/http/content-encoding';

/**
 * Writes `x.br` and `x.gz` beside every compressible file of a built client, so the server sends
 * compressed bytes without compressing per request (server/http/precompressed-static.ts). index.html is
 * left out: the server brands it with APP_NAME first and compresses that once (server/http/index-html.ts);
 * so are the dot folders, which are never served (the build manifest, the join page's first paint).
 * A copy that would not be smaller is not written.
 */
export async function precompressDir(dir: string): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((d) => d.isFile())
    .map((d) => path.join(d.parentPath, d.name))
    .filter((f) => (COMPRESSION.EXTENSIONS as readonly string[]).includes(path.extname(f)))
    .filter((f) => path.relative(dir, f) !== 'index.html' && !path.relative(dir, f).startsWith('.'));
  let bytes = 0;
  let brotliBytes = 0;
  let written = 0;
  await Promise.all(
    files.map(async (file) => {
      const body = await fs.readFile(file);
      if (body.length < COMPRESSION.MIN_BYTES) return;
      const compressed = await compressBoth(body);
      for (const { name, suffix } of ENCODINGS) {
        if (compressed[name].length < body.length) await fs.writeFile(file + suffix, compressed[name]);
      }
      bytes += body.length;
      brotliBytes += Math.min(compressed.br.length, body.length);
      written += 1;
    }),
  );
  return { files: written, bytes, brotliBytes };
}

/** Vite plugin: precompresses the output folder after every production build (npm run build, npm start). */
export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'roomlist:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const { files, bytes, brotliBytes } = await precompressDir(outDir);
      const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
      this.info(`precompressed ${files} files: ${kb(bytes)} → ${kb(brotliBytes)} brotli`);
    },
  };
}
