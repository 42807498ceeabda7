// Walks a baseline (sequential Huffman) JPEG's entropy-coded data block by block, without decoding
// pixels, to find exactly where the coded image ends (ITU-T T.81 F.2.2, Annex C). Bytes a decoder would
// skip (hidden after the last block and before the next marker) are then visible.

import { FAST_BITS, type HuffmanTables, MULTI_BITS, MULTI_EOB, type Table } from './jpeg-huffman-tables';

export type ScanComponent = { h: number; v: number; dc: number; ac: number };
export type ScanFrame = { width: number; height: number; hMax: number; vMax: number };

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
