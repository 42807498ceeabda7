import fs from 'node:fs/promises';
import path from 'node:path';

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*? href="\/(assets\/[\w.-]+\.css)"[^>]*>/g;

/** The built index.html's own stylesheets (the public one), link tag → its CSS; one that cannot be read is left out. */
export async function readShellStyles(clientDir: string, html: string): Promise<Map<string, string>> {
  const styles = new Map<string, string>();
  for (const [tag, file] of html.matchAll(STYLESHEET_LINK)) {
    try {
      styles.set(tag, await fs.readFile(path.join(clientDir, file), 'utf8'));
    } catch {
      // not built (or a test's hand-made folder): the link stays
    }
  }
  return styles;
}

/**
 * issue 8 B7: the shell's stylesheet links replaced by their CSS in a `<style>` in the same place (so the
 * cascade order is kept), on the public pages a phone opens cold: the first paint no longer waits for a
 * render-blocking request. The CSP already allows inline styles (style-src 'unsafe-inline'); no chunk
 * loads this stylesheet again (only the entry lists it in the build manifest). `</style` cannot end the
 * element early: written as `<\/style`, which CSS reads as the same text.
 */
export function inlineStyles(html: string, styles: ReadonlyMap<string, string>): string {
  let out = html;
  for (const [tag, css] of styles) {
    out = out.replace(tag, () => `<style>${css.replace(/<\/(style)/gi, '<\\/$1')}</style>`);
  }
  return out;
}
