// Walks a baseline (sequential Huffman) JPEG's entropy-coded data block by block, without decoding
// pixels, to find exactly where the coded image ends (ITU-T T.81 F.2.2, Annex C). Bytes a decoder would
// skip (hidden after the last block and before the next marker) are then visible.

const FAST_BITS = 9;

type Table = {
  maxCode: Int32Array;
  valPtr: Int32Array;
  minCode: Int32Array;
  values: Uint8Array;
  /** For every FAST_BITS-bit prefix: (length << 8 | symbol) of the code it starts with, or 0. */
  fast: Uint16Array;
};
export type HuffmanTables = Map<number, Table>; // key: class << 4 | id (class 0 DC, 1 AC)
export type ScanComponent = { h: number; v: number; dc: number; ac: number };
export type ScanFrame = { width: number; height: number; hMax: number; vMax: number };

/** Reads a DHT segment's body into `tables`; false when malformed. */
export function readHuffmanTables(body: Buffer, tables: HuffmanTables): boolean {
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
    let code = 0;
    let k = 0;
    for (let len = 1; len <= 16; len++) {
      valPtr[len] = k;
      minCode[len] = code;
      for (let i = 0; i < counts[len - 1]; i++, code++, k++) {
        if (len > FAST_BITS) continue;
        const first = code << (FAST_BITS - len);
        fast.fill((len << 8) | values[k], first, first + (1 << (FAST_BITS - len)));
      }
      maxCode[len] = counts[len - 1] ? code - 1 : -1;
      if (code > 1 << len) return false;
      code <<= 1;
    }
    tables.set((tc << 4) | th, { maxCode, valPtr, minCode, values, fast });
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
    const byte = b[i];
    if (byte !== 0xff) {
      d[n++] = byte;
      continue;
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

  // Hot loop: everything in locals (no closures), one symbol per step: 16 bits peeked, a FAST_BITS table
  // hit for nearly every code, the canonical search for the rest.
  let bit = 0;
  const mcus = mcusX * mcusY;
  let nextRestart = 0;
  for (let m = 0; m < mcus; m++) {
    if (restart > 0 && m > 0 && m % restart === 0) {
      bit = (bit + 7) & ~7;
      const expected = (m / restart - 1) & 7;
      if (restartAt[nextRestart] !== bit >> 3 || restartAt[nextRestart + 1] !== expected) return undefined;
      nextRestart += 2;
    }
    for (let u = 0; u < units; u++) {
      let t = dcs[u];
      for (let k = 0; k < 64; k++) {
        const i = bit >> 3;
        const look = (((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]) >>> (8 - (bit & 7))) & 0xffff;
        let sym = -1;
        const hit = t.fast[look >>> (16 - FAST_BITS)];
        if (hit) {
          bit += hit >> 8;
          sym = hit & 0xff;
        } else {
          for (let len = FAST_BITS + 1; len <= 16; len++) {
            const code = look >>> (16 - len);
            if (code <= t.maxCode[len]) {
              bit += len;
              sym = t.values[t.valPtr[len] + code - t.minCode[len]];
              break;
            }
          }
          if (sym < 0) return undefined;
        }
        if (k === 0) {
          // DC: the size of the difference, then its bits
          if (sym > 11) return undefined;
          bit += sym;
          t = acs[u];
          continue;
        }
        const size = sym & 15;
        if (size === 0) {
          if (sym !== 0xf0) break; // end of block
          k += 15;
        } else {
          k += sym >> 4;
          bit += size;
        }
        if (k > 63) return undefined;
      }
      if (bit > bitsTotal) return undefined;
    }
  }
  if (nextRestart !== restartAt.length) return undefined;
  // the last byte's unused bits are padding; the coded data ends with that byte
  const end = (bit + 7) >> 3;
  let stuffed = 0;
  while (stuffed < stuffedAt.length && stuffedAt[stuffed] < end) stuffed++;
  // each stuffed 0xFF had a 0x00 after it; each restart marker (two entries in restartAt) is two bytes
  return from + end + stuffed + restartAt.length;
}
