// Walks a baseline (sequential Huffman) JPEG's entropy-coded data block by block, without decoding
// pixels, to find exactly where the coded image ends (ITU-T T.81 F.2.2, Annex C). Bytes a decoder would
// skip (hidden after the last block and before the next marker) are then visible.

const FAST_BITS = 9;
const MULTI_BITS = 12;
const MULTI_EOB = 0x1000;
/** The most `multi` tables a cache keeps (a browser or camera writes one or two AC tables per photo). */
const MULTI_CACHE_MAX = 32;

/** AC tables' `multi` lookups by their code lengths and symbols, kept between photos by their caller. */
export type MultiCache = Map<string, Uint16Array>;

type Table = {
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
export type ScanComponent = { h: number; v: number; dc: number; ac: number };
export type ScanFrame = { width: number; height: number; hMax: number; vMax: number };

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

/**
 * The offset just past the last coded byte of a baseline scan that starts at `from` and whose data
 * ends at `dataEnd` (the next marker), or undefined when that data is not exactly the scan's blocks of
 * well-formed Huffman codes, with restart markers every `restart` MCUs.
 */
export function baselineScanEnd(
  b: Buffer,
  from: number,
  dataEnd: number,
  frame: ScanFrame,
  comps: ScanComponent[],
  tables: HuffmanTables,
  restart: number,
): number | undefined {
  // The data without byte stuffing (FF 00 → FF) and restart markers, with where each of those was.
  const d = new Uint8Array(dataEnd - from + 4);
  const stuffedAt: number[] = [];
  const restartAt: number[] = [];
  let n = 0;
  for (let i = from; i < dataEnd; i++) {
    // the bytes up to the next 0xFF as they are, in one copy
    const ff = b.indexOf(0xff, i);
    const plain = ff < 0 || ff > dataEnd ? dataEnd : ff;
    if (plain > i) {
      d.set(b.subarray(i, plain), n);
      n += plain - i;
      i = plain;
      if (i === dataEnd) break;
    }
    let j = i + 1;
    while (j < dataEnd && b[j] === 0xff) j++;
    if (b[j] === 0x00) {
      stuffedAt.push(n);
      d[n++] = 0xff;
      i = j;
    } else if (b[j] >= 0xd0 && b[j] <= 0xd7 && j === i + 1) {
      restartAt.push(n, b[j] - 0xd0);
      i = j;
    } else return undefined; // fill bytes or a marker inside the data
  }
  const bitsTotal = n * 8;
  const single = comps.length === 1;
  const c0 = comps[0];
  const mcusX = single
    ? Math.ceil(Math.ceil((frame.width * c0.h) / frame.hMax) / 8)
    : Math.ceil(frame.width / (8 * frame.hMax));
  const mcusY = single
    ? Math.ceil(Math.ceil((frame.height * c0.v) / frame.vMax) / 8)
    : Math.ceil(frame.height / (8 * frame.vMax));
  const dcs: Table[] = [];
  const acs: Table[] = [];
  for (const c of comps) {
    const dc = tables.get(c.dc);
    const ac = tables.get((1 << 4) | c.ac);
    if (!dc || !ac) return undefined;
    for (let i = 0; i < (single ? 1 : c.h * c.v); i++) {
      dcs.push(dc);
      acs.push(ac);
    }
  }
  const units = dcs.length;

  // Hot loop: everything in locals (no closures), one symbol per step. The next bits wait left-aligned in a
  // 32-bit buffer (`acc`, `nb` of them valid; `bit` = pos * 8 - nb), refilled a byte at a time to 25 or more
  // when under 16. A FAST_BITS-bit prefix then settles nearly every step: `whole` skips a short code and
  // its value bits at once, `fast` gives the symbol of another short code; the canonical search the rest.
  let acc = 0;
  let nb = 0;
  let pos = 0;
  const mcus = mcusX * mcusY;
  let nextRestart = 0;
  for (let m = 0; m < mcus; m++) {
    if (restart > 0 && m > 0 && m % restart === 0) {
      const pad = nb & 7;
      acc <<= pad;
      nb -= pad;
      const expected = (m / restart - 1) & 7;
      if (restartAt[nextRestart] !== pos - (nb >> 3) || restartAt[nextRestart + 1] !== expected) return undefined;
      nextRestart += 2;
    }
    for (let u = 0; u < units; u++) {
      let t = dcs[u];
      for (let k = 0; k < 64; k++) {
        if (nb < 16) {
          do {
            acc |= d[pos++] << (24 - nb);
            nb += 8;
          } while (nb <= 24);
        }
        if (k > 0) {
          const e = (t.multi as Uint16Array)[acc >>> (32 - MULTI_BITS)];
          if (e) {
            const adv = (e >> 5) & 127;
            if (e & MULTI_EOB) {
              if (k + adv <= 63) {
                acc <<= e & 31;
                nb -= e & 31;
                break;
              }
            } else if (k + adv <= 64) {
              acc <<= e & 31;
              nb -= e & 31;
              k += adv - 1;
              continue;
            }
          }
        }
        const look = acc >>> 16;
        const w = t.whole[look >>> (16 - FAST_BITS)];
        if (w) {
          acc <<= w & 0xff;
          nb -= w & 0xff;
          if (k === 0) t = acs[u];
          else {
            k += w >> 8;
            if (k > 63) return undefined;
          }
          continue;
        }
        let sym = -1;
        let len = 0;
        const hit = t.fast[look >>> (16 - FAST_BITS)];
        if (hit) {
          len = hit >> 8;
          sym = hit & 0xff;
        } else {
          for (let l = FAST_BITS + 1; l <= 16; l++) {
            const code = look >>> (16 - l);
            if (code <= t.maxCode[l]) {
              len = l;
              sym = t.values[t.valPtr[l] + code - t.minCode[l]];
              break;
            }
          }
          if (sym < 0) return undefined;
        }
        acc <<= len;
        nb -= len;
        let size: number;
        if (k === 0) {
          // DC: the size of the difference, then its bits
          if (sym > 11) return undefined;
          size = sym;
          t = acs[u];
        } else {
          size = sym & 15;
          if (size === 0) {
            if (sym !== 0xf0) break; // end of block
            k += 15;
          } else k += sym >> 4;
          if (k > 63) return undefined;
        }
        if (size === 0) continue;
        if (nb < size) {
          do {
            acc |= d[pos++] << (24 - nb);
            nb += 8;
          } while (nb <= 24);
        }
        acc <<= size;
        nb -= size;
      }
      if (pos * 8 - nb > bitsTotal) return undefined;
    }
  }
  if (nextRestart !== restartAt.length) return undefined;
  // the last byte's unused bits are padding; the coded data ends with that byte
  const end = (pos * 8 - nb + 7) >> 3;
  let stuffed = 0;
  while (stuffed < stuffedAt.length && stuffedAt[stuffed] < end) stuffed++;
  // each stuffed 0xFF had a 0x00 after it; each restart marker (two entries in restartAt) is two bytes
  return from + end + stuffed + restartAt.length;
}
