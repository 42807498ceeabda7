import { z } from 'zod';
import { PHOTOS } from '../constants';
import { M } from '../messages';
import { PHOTO_MESSAGES } from '../photo-rules';

// spec §5 attendee photo: the photo as the join and edit forms send it, checked before the server decodes it.

// Base64: one or more of the alphabet, then at most two '='. The browser's (and Node's) atob checks a
// 130 KB photo natively in ~0.03 ms; it also takes what this rule refuses (ASCII white space, which it
// drops), so a string it accepts still needs no white space. What atob refuses but the rule takes (a
// length atob finds wrong, '=' without the full group) gets the rule's own loop over a table of the
// alphabet (~0.25 ms per photo; the anchored regular expression was ~1 ms: bench B1).
const BASE64_ALPHABET = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/')
  BASE64_ALPHABET[c.charCodeAt(0)] = 1;
const ATOB_DROPS = [' ', '\t', '\n', '\f', '\r'];
function isBase64(v: string) {
  if (v !== '' && atobAccepts(v) && ATOB_DROPS.every((c) => !v.includes(c))) return true;
  let end = v.length;
  while (end > 0 && v.length - end < 2 && v[end - 1] === '=') end--;
  if (end === 0) return false;
  for (let i = 0; i < end; i++) {
    const c = v.charCodeAt(i);
    if (c >= 128 || BASE64_ALPHABET[c] === 0) return false;
  }
  return true;
}
function atobAccepts(v: string) {
  try {
    atob(v);
    return true;
  } catch {
    return false;
  }
}
// What canvas.toDataURL() gives, `data:image/<type>;base64,`; the bare base64 is accepted too. Found
// without a regular expression: V8 keeps the last text one ran on until the next runs, and a photo's
// ~130 KB must not be kept past its request (docs/decisions/0025-request-values-die-young.md).
const DATA_URL_START = 'data:image/';
const DATA_URL_END = ';base64,';
const MAX_TYPE_LENGTH = 64;
// [a-z0-9.+-], either case
const isTypeChar = (c: number) =>
  ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x2b || c === 0x2d;
function dataUrlPrefixLength(v: string): number {
  const head = v.slice(0, DATA_URL_START.length + MAX_TYPE_LENGTH + DATA_URL_END.length).toLowerCase();
  if (!head.startsWith(DATA_URL_START)) return 0;
  const end = head.indexOf(DATA_URL_END, DATA_URL_START.length);
  if (end <= DATA_URL_START.length) return 0;
  for (let i = DATA_URL_START.length; i < end; i++) if (!isTypeChar(v.charCodeAt(i))) return 0;
  return end + DATA_URL_END.length;
}

/** The bare base64 of a photo as the browser sends it ('' when none), or NEVER with the issue added. */
function barePhoto(raw: string | null | undefined, ctx: { issues: unknown[] }): string {
  const sent = raw ?? '';
  const v = sent.slice(dataUrlPrefixLength(sent));
  const message =
    v.length > PHOTOS.BASE64_MAX
      ? PHOTO_MESSAGES.tooLarge
      : v === '' || isBase64(v)
        ? undefined
        : PHOTO_MESSAGES.unsupported;
  if (!message) return v;
  ctx.issues.push({ code: 'custom', message, input: '(photo)' });
  return z.NEVER;
}

// Codecs, not `.transform()`: zod's transform writes a closure holding its input onto the parse's state,
// and V8 then carries the ~130 KB photo text through every young-generation collection until the next
// full one (docs/decisions/0025-request-values-die-young.md; photo-text.test.ts "leaves nothing…").
const sent = z.string({ error: PHOTO_MESSAGES.unsupported }).nullish();

/** The photo as the browser sends it: base64 (or a data URL) of the image it resized; '' when none. */
export const photoText = z.codec(sent, z.string(), { decode: barePhoto, encode: (v) => v });

/** Join: required. The output is the bare base64; the server decodes it and judges the image by its content. */
export const requiredPhoto = photoText.refine((v) => v !== '', { error: M.attendees.photoRequired });
/** Edit: optional; null keeps the current photo. */
export const optionalPhoto = z.codec(sent, z.string().nullable(), {
  decode: (raw, ctx) => barePhoto(raw, ctx) || null,
  encode: (v) => v ?? '',
});
