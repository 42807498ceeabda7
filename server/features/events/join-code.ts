import crypto from 'node:crypto';
import { JOIN_CODES } from '#shared/constants';

/**
 * A short, random join code for an event's printed and displayed address (`/j/{code}`): read aloud or
 * typed from a screen across a room, so no 0/O, 1/I/L; case-insensitive. 31^7 ≈ 2.8e10 codes.
 */
export function newJoinCode(): string {
  let code = '';
  for (let i = 0; i < JOIN_CODES.LENGTH; i++) {
    code += JOIN_CODES.ALPHABET[crypto.randomInt(JOIN_CODES.ALPHABET.length)];
  }
  return code;
}
