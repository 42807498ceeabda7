import crypto from 'node:crypto';

export const newId = () => crypto.randomUUID();

const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** Lucia's guide: 24 characters from a 32-letter alphabet, 120 bits of entropy. */
export function randomToken(length = 24): string {
  const bytes = crypto.randomBytes(length);
  let out = '';
  for (const b of bytes) out += ALPHABET[b >> 3];
  return out;
}

export const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest();
export const sha256Hex = (s: string) => sha256(s).toString('hex');
