import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const PER_COMPONENT = /^@mantine\/core\/styles\/([A-Za-z-]+)\.css$/;

/**
 * Mantine's per-component stylesheets (`@mantine/core/styles/Button.css`, the documented way to load
 * only what a page uses) are, in this release, its sources with `rem(18px)` written as `18px`, while the
 * full `styles.css` has `calc(1.125rem * var(--mantine-scale))`: same pixels at the default font size,
 * but they no longer grow with the reader's font-size setting. This plugin answers each per-component
 * import with that component's exact part of `styles.css` instead (cut where each file's first rule
 * starts there, checked by comparing the classes both define), so pages that load only some components
 * render exactly as with the full stylesheet. If the cut ever fails that check, it warns and leaves
 * Mantine's own files in place.
 */
export function mantineCssPlugin(): Plugin {
  let parts: Map<string, string> | undefined;
  return {
    name: 'roomlist:mantine-css',
    enforce: 'pre',
    configResolved(config) {
      const require = createRequire(path.join(config.root, 'index.html'));
      const coreDir = path.dirname(require.resolve('@mantine/core/styles.css'));
      const cut = cutStylesheet(coreDir);
      if (typeof cut === 'string') {
        config.logger.warn(`[roomlist:mantine-css] ${cut}: using Mantine's per-component files as they are`);
        return;
      }
      const outDir = path.join(config.cacheDir, 'mantine-css');
      fs.mkdirSync(outDir, { recursive: true });
      parts = new Map();
      for (const [name, css] of cut) {
        const file = path.join(outDir, `${name}.css`);
        if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== css) fs.writeFileSync(file, css);
        parts.set(name, file);
      }
    },
    resolveId(source) {
      const name = PER_COMPONENT.exec(source)?.[1];
      return name ? parts?.get(name) : undefined;
    },
  };
}

/** styles.css cut into one part per file of styles/ (file name without .css → css), or why it could not be. */
export function cutStylesheet(coreDir: string): Map<string, string> | string {
  const full = fs.readFileSync(path.join(coreDir, 'styles.css'), 'utf8');
  const files = fs
    .readdirSync(path.join(coreDir, 'styles'))
    .filter((f) => f.endsWith('.css') && !f.includes('.layer.'));
  const starts: { name: string; at: number; classes: Set<string> }[] = [];
  for (const file of files) {
    const source = fs.readFileSync(path.join(coreDir, 'styles', file), 'utf8');
    const lines = source.split('\n').filter((l) => l.trim() && !l.startsWith('/*'));
    // The first rule's opening lines (selectors and first declaration) locate the file; a declaration
    // with px differs, so fall back to fewer lines.
    let at = -1;
    for (let n = Math.min(3, lines.length); n >= 1 && at < 0; n--) at = findLines(full, lines.slice(0, n).join('\n'));
    if (at < 0) return `${file} not found in styles.css`;
    starts.push({ name: file.slice(0, -'.css'.length), at, classes: classNames(source) });
  }
  starts.sort((a, b) => a.at - b.at);
  const parts = new Map<string, string>();
  for (const [i, s] of starts.entries()) {
    if (i > 0 && starts[i - 1].at === s.at) return `${s.name} starts where ${starts[i - 1].name} does`;
    const css = full.slice(s.at, i + 1 < starts.length ? starts[i + 1].at : full.length);
    const found = classNames(css);
    if (found.size !== s.classes.size || [...s.classes].some((c) => !found.has(c))) return `${s.name} cut wrongly`;
    parts.set(s.name, css);
  }
  if (starts[0]?.at !== 0) return 'styles.css starts with rules of no file';
  return parts;
}

/** Offset of `text` starting at a line start in `css`, or -1. */
function findLines(css: string, text: string): number {
  if (css.startsWith(`${text}\n`)) return 0;
  const i = css.indexOf(`\n${text}\n`);
  return i < 0 ? -1 : i + 1;
}

const classNames = (css: string) => new Set(css.match(/\.m_[0-9a-f]{8}\b/g) ?? []);
