import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Request } from 'express';
import { COMPRESSION } from '../constants';

/** The encodings we store beside a file, best first, with the file suffix each one uses. */
export const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;
export type Encoding = (typeof ENCODINGS)[number]['name'];

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Brotli (best quality) and gzip (level 9) of one body: slow, so only ever run once per file. */
export async function compressBoth(body: Buffer): Promise<Record<Encoding, Buffer>> {
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: COMPRESSION.BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzip(body, { level: COMPRESSION.GZIP_LEVEL }),
  ]);
  return { br, gzip: gz };
}

/** Accept-Encoding as coding → q ("gzip;q=0.5, br" → gzip 0.5, br 1); unparsable q-values count as 0. */
function acceptedCodings(header: string | undefined): Map<string, number> {
  const codings = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = q ? Number(q.slice(2)) : 1;
    codings.set(name, Number.isFinite(value) ? value : 0);
  }
  return codings;
}

/**
 * The best of `available` the request accepts, or undefined for the plain bytes. The client's q-values
 * decide; on a tie our order does (br before gzip), not the header's order: browsers list gzip first.
 * No header means identity (RFC 9110 allows anything, but old proxies and tools expect plain bytes).
 */
export function pickEncoding(req: Request, available: readonly Encoding[]): Encoding | undefined {
  const codings = acceptedCodings(req.headers['accept-encoding']);
  const wildcard = codings.get('*');
  let best: Encoding | undefined;
  let bestQ = 0;
  for (const e of available) {
    const q = codings.get(e) ?? wildcard ?? 0;
    if (q > bestQ) [best, bestQ] = [e, q];
  }
  const identityQ = codings.get('identity') ?? 1;
  return best && bestQ >= identityQ ? best : undefined;
}
