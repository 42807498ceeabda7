// spec §5 sanitising: text is cleaned before saving by stripping script tags, "javascript:" and
// inline handler patterns. Defence in depth: React escapes what it renders, and the name, venue and
// city patterns already refuse < > = and :, so this matters for the free-text fields.

const SCRIPT_BLOCK = /<script\b[^>]*>[\s\S]*?<\/script\s*>/gi;
const SCRIPT_TAG = /<\/?\s*script\b[^>]*>?/gi;
// Browsers ignore tabs and newlines inside a URL scheme, so "java\tscript:" counts too.
const JS_PROTOCOL = /j\s*a\s*v\s*a\s*s\s*c\s*r\s*i\s*p\s*t\s*:/gi;
const ON_HANDLER = /\bon[a-z]+\s*=/gi;

/** Strips script tags (with their content), "javascript:" and on*= handler patterns, until nothing changes. */
export function sanitizeText(input: string): string {
  let out = input;
  let prev: string;
  // Repeat so that removing one pattern cannot assemble another ("javajavascript:script:").
  do {
    prev = out;
    out = out.replace(SCRIPT_BLOCK, '').replace(SCRIPT_TAG, '').replace(JS_PROTOCOL, '').replace(ON_HANDLER, '');
  } while (out !== prev);
  return out;
}
