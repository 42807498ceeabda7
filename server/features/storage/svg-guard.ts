import { IMAGES } from '#shared/constants';

export type SvgLimits = { maxBytes: number; maxElements: number; maxRenderedElements: number };
export const SVG_LIMITS: SvgLimits = {
  maxBytes: IMAGES.SVG_MAX_BYTES,
  maxElements: IMAGES.SVG_MAX_ELEMENTS,
  maxRenderedElements: IMAGES.SVG_MAX_RENDERED_ELEMENTS,
};

/** Why an SVG is refused before it is rendered. */
export type SvgVerdict = 'ok' | 'too-large' | 'not-allowed' | 'too-complex';

const UTF8_BOM = /^\uFEFF/;
/** Text that opens with markup (optionally after a BOM and whitespace): a candidate SVG. */
export const looksLikeMarkup = (bytes: Buffer) =>
  /^\s*</.test(bytes.subarray(0, 256).toString('utf8').replace(UTF8_BOM, ''));

const COMMENT = /<!--[\s\S]*?-->/g;
// An element's start or end tag; quoted attribute values may hold '>'.
const TAG = /<(\/?)([A-Za-z_][\w:.-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
const ATTR = /([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
// Anything librsvg could fetch or expand: entity declarations (billion laughs), CSS imports, and url()
// that is not a local #fragment or an inline data: image.
const ENTITY = /<!ENTITY/i;
const CSS_IMPORT = /@import/i;
const EXTERNAL_URL = /url\(\s*['"]?\s*(?!#|data:image\/)/i;

type Node = { name: string; id?: string; ref?: string; children: number[] };

/**
 * spec §5 sponsor logo, hardened: an SVG is checked as text before librsvg sees it. Refused: over
 * 512 KB; entity declarations; references that leave the file (href not #fragment or data:image, CSS
 * @import or url()); over 5,000 elements; or over 20,000 elements drawn once every reference (<use>,
 * pattern or gradient href) is expanded, which is what makes a 5 KB file of nested <use> cost seconds.
 * The time bound of the render (a killed child process) stays the last line: this only refuses early.
 */
export function checkSvg(bytes: Buffer, limits: Partial<SvgLimits> = {}): SvgVerdict {
  const l = { ...SVG_LIMITS, ...limits };
  if (bytes.length > l.maxBytes) return 'too-large';
  const text = bytes.toString('utf8');
  if (ENTITY.test(text) || CSS_IMPORT.test(text) || EXTERNAL_URL.test(text)) return 'not-allowed';

  const nodes: Node[] = [{ name: '#root', children: [] }];
  const open: number[] = [0];
  const byId = new Map<string, number>();
  for (const m of text.replace(COMMENT, '').matchAll(TAG)) {
    const [, closing, name, rest] = m;
    if (closing) {
      const at = open.findLastIndex((i) => nodes[i].name === name);
      if (at > 0) open.length = at;
      continue;
    }
    if (nodes.length > l.maxElements) return 'too-complex';
    const node: Node = { name, children: [] };
    for (const [, attr, dq, sq] of rest.matchAll(ATTR)) {
      const value = (dq ?? sq).trim();
      if (attr === 'id') node.id = value;
      if (attr === 'href' || attr.endsWith(':href')) {
        if (value.startsWith('#')) node.ref = value.slice(1);
        else if (!value.startsWith('data:image/') && name !== 'a') return 'not-allowed';
      }
    }
    const index = nodes.push(node) - 1;
    nodes[open[open.length - 1]].children.push(index);
    if (node.id !== undefined && !byId.has(node.id)) byId.set(node.id, index);
    if (!rest.trimEnd().endsWith('/')) open.push(index);
  }
  if (nodes.length - 1 > l.maxElements) return 'too-complex';
  return renderedCount(nodes, byId, l.maxRenderedElements) > l.maxRenderedElements ? 'too-complex' : 'ok';
}

/** Elements drawn with every #reference expanded, memoised per element; a reference cycle counts as too many. */
function renderedCount(nodes: Node[], byId: Map<string, number>, max: number): number {
  const memo = new Map<number, number>();
  const visiting = new Set<number>();
  const count = (i: number): number => {
    const known = memo.get(i);
    if (known !== undefined) return known;
    if (visiting.has(i)) return Number.POSITIVE_INFINITY;
    visiting.add(i);
    const node = nodes[i];
    let n = i === 0 ? 0 : 1; // the root is a placeholder, not an element
    for (const c of node.children) {
      n += count(c);
      if (n > max) break;
    }
    const target = node.ref === undefined ? undefined : byId.get(node.ref);
    if (target !== undefined && n <= max) n += count(target);
    visiting.delete(i);
    const capped = Math.min(n, max + 1);
    memo.set(i, capped);
    return capped;
  };
  return count(0);
}
