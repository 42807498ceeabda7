// The Huffman tables of a JPEG's DHT segments, read into the lookups the scan walk (jpeg-scan-walk.ts)
// decodes with: canonical codes (ITU-T T.81 Annex C), a FAST_BITS-bit prefix table per table, and for AC
// tables a MULTI_BITS-bit table of whole coefficient runs.

export const FAST_BITS = 9;
export const MULTI_BITS = 12;
export const MULTI_EOB = 0x1000;
/** The most `multi` tables a cache keeps (a browser or camera writes one or two AC tables per photo). */
const MULTI_CACHE_MAX = 32;

/** AC tables' `multi` lookups by their code lengths and symbols, kept between photos by their caller. */
export type MultiCache = Map<string, Uint16Array>;

export type Table = {
  maxCode: Int32Array;
  valPtr: Int32Array;
  minCode: Int32Array;
  values: Uint8Array;
  /** For every FAST_BITS-bit prefix: (length << 8 | symbol) of the code it starts with, or 0. */
  fast: Uint16Array;
  /**
   * For every FAST_BITS-bit prefix that holds a whole coefficient (its code and the value bits after it):
   * (zeros skipped before it << 8 | bits taken), or 0 (an end of block, a run of 16 zeros, a DC size over
   * 11, or longer than the prefix: the symbol is decoded instead).
   */
  whole: Uint16Array;
  /**
   * AC tables: for every MULTI_BITS-bit prefix, the whole coefficients (and end of block) it holds in a
   * row: bits taken | positions advanced << 5 | MULTI_EOB when an end of block closes them; 0 when not
   * even one coefficient fits (the symbol is then decoded one step at a time).
   */
  multi?: Uint16Array;
};
export type HuffmanTables = Map<number, Table>; // key: class << 4 | id (class 0 DC, 1 AC)

/**
 * The `multi` lookup of an AC table: from each prefix, as many whole coefficients as its bits hold, read
 * as the walk reads them one at a time (a size-0 symbol other than ZRL ends the block, as there).
 */
function multiTable(maxCode: Int32Array, valPtr: Int32Array, minCode: Int32Array, values: Uint8Array): Uint16Array {
  const multi = new Uint16Array(1 << MULTI_BITS);
  for (let p = 0; p < multi.length; p++) {
    let used = 0;
    let adv = 0;
    let eob = false;
    for (;;) {
      let len = 0;
      let sym = -1;
      for (let l = 1; l <= MULTI_BITS - used; l++) {
        const code = (p >> (MULTI_BITS - used - l)) & ((1 << l) - 1);
        if (code <= maxCode[l]) {
          len = l;
          sym = values[valPtr[l] + code - minCode[l]];
          break;
        }
      }
      if (sym < 0) break;
      const size = sym & 15;
      if (size === 0 && sym !== 0xf0) {
        used += len;
        eob = true;
        break;
      }
      const step = size === 0 ? 16 : (sym >> 4) + 1;
      if (used + len + size > MULTI_BITS || adv + step > 64) break;
      used += len + size;
      adv += step;
    }
    if (used > 0) multi[p] = used | (adv << 5) | (eob ? MULTI_EOB : 0);
  }
  return multi;
}

/**
 * Reads a DHT segment's body into `tables`; false when malformed. AC tables' `multi` lookups come from
 * `cache` when it holds one for the same codes, and are added to it.
 */
export function readHuffmanTables(body: Buffer, tables: HuffmanTables, cache?: MultiCache): boolean {
  let pos = 0;
  while (pos < body.length) {
    if (pos + 17 > body.length) return false;
    const tc = body[pos] >> 4;
    const th = body[pos] & 15;
    if (tc > 1 || th > 3) return false;
    const counts = body.subarray(pos + 1, pos + 17);
    const total = counts.reduce((a, b) => a + b, 0);
    if (pos + 17 + total > body.length || total > 256) return false;
    const values = Uint8Array.from(body.subarray(pos + 17, pos + 17 + total));
    const maxCode = new Int32Array(18).fill(-1);
    const minCode = new Int32Array(17);
    const valPtr = new Int32Array(17);
    const fast = new Uint16Array(1 << FAST_BITS);
    const whole = new Uint16Array(1 << FAST_BITS);
    let code = 0;
    let k = 0;
    for (let len = 1; len <= 16; len++) {
      valPtr[len] = k;
      minCode[len] = code;
      for (let i = 0; i < counts[len - 1]; i++, code++, k++) {
        if (len > FAST_BITS) continue;
        const first = code << (FAST_BITS - len);
        const sym = values[k];
        fast.fill((len << 8) | sym, first, first + (1 << (FAST_BITS - len)));
        const size = tc === 0 ? sym : sym & 15;
        if ((tc === 0 ? sym <= 11 : size > 0) && len + size <= FAST_BITS) {
          whole.fill(((tc === 0 ? 0 : sym >> 4) << 8) | (len + size), first, first + (1 << (FAST_BITS - len)));
        }
      }
      maxCode[len] = counts[len - 1] ? code - 1 : -1;
      if (code > 1 << len) return false;
      code <<= 1;
    }
    let multi: Uint16Array | undefined;
    if (tc === 1) {
      const key = body.toString('latin1', pos + 1, pos + 17 + total);
      multi = cache?.get(key);
      if (multi) {
        // the most recently used last: a flood of one-off tables pushes out only the least used
        cache?.delete(key);
        cache?.set(key, multi);
      } else {
        multi = multiTable(maxCode, valPtr, minCode, values);
        if (cache) {
          if (cache.size >= MULTI_CACHE_MAX) cache.delete(cache.keys().next().value as string);
          cache.set(key, multi);
        }
      }
    }
    tables.set((tc << 4) | th, { maxCode, valPtr, minCode, values, fast, whole, multi });
    pos += 17 + total;
  }
  return true;
}
