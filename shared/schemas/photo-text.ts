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
// What canvas.toDataURL() gives; the bare base64 is accepted too.
const DATA_URL_PREFIX = /^data:image\/[a-z0-9.+-]+;base64,/i;

/** The photo as the browser sends it: base64 (or a data URL) of the image it resized; '' when none. */
export const photoText = z
  .string({ error: PHOTO_MESSAGES.unsupported })
  .nullish()
  .transform((raw, ctx) => {
    const v = (raw ?? '').replace(DATA_URL_PREFIX, '');
    const message =
      v.length > PHOTOS.BASE64_MAX
        ? PHOTO_MESSAGES.tooLarge
        : v === '' || isBase64(v)
          ? undefined
          : PHOTO_MESSAGES.unsupported;
    if (message) {
      ctx.issues.push({ code: 'custom', message, input: '(photo)' });
      return z.NEVER;
    }
    return v;
  });

/** Join: required. The output is the bare base64; the server decodes it and judges the image by its content. */
export const requiredPhoto = photoText.refine((v) => v !== '', { error: M.attendees.photoRequired });
/** Edit: optional; null keeps the current photo. */
export const optionalPhoto = photoText.transform((v) => v || null);
