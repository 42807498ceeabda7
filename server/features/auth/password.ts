import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (
  pw: string,
  salt: Buffer,
  len: number,
  opts: crypto.ScryptOptions,
) => Promise<Buffer>;

// scrypt is memory-hard; its parameters are stored in the string so they can be raised later.
const DEFAULT = { N: 16384, r: 8, p: 1 };
const KEY_LEN = 32;

export async function hashPassword(password: string, params = DEFAULT): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, KEY_LEN, { ...params, maxmem: 256 * params.N * params.r });
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, saltB64, keyB64] = stored.split('$');
  if (kind !== 'scrypt' || !keyB64) return false;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const expected = Buffer.from(keyB64, 'base64');
  const actual = await scrypt(password.normalize('NFKC'), Buffer.from(saltB64, 'base64'), expected.length, {
    ...params,
    maxmem: 256 * params.N * params.r,
  });
  return crypto.timingSafeEqual(actual, expected);
}

/** Stored while no password is set (an address confirmed from competing sign-ups): nothing verifies. */
export const NO_PASSWORD = '!';

/**
 * The hasher the services use, through deps so a test can count calls or take cheaper parameters.
 * `dummy` is a hash to compare against when the account does not exist, so timing does not reveal it.
 */
export function createPasswords(params = DEFAULT) {
  let dummy: Promise<string> | undefined;
  return {
    hash: (password: string) => hashPassword(password, params),
    verify: verifyPassword,
    dummy: () => {
      dummy ??= hashPassword('not-a-real-password', params);
      return dummy;
    },
  };
}

export type Passwords = ReturnType<typeof createPasswords>;
