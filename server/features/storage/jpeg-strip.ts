// A JPEG's own coded image, without anything else it carries (docs/decisions/0011-join-fast-path.md).
// Marker layout from ITU-T T.81 (B.1.1.2, B.2) and JFIF 1.02.

import { type HuffmanTables, type MultiCache, readHuffmanTables } from './jpeg-huffman-tables';
import { baselineScanEnd, type ScanComponent, type ScanFrame } from './jpeg-scan-walk';

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const DQT = 0xdb;
const DHT = 0xc4;
const DRI = 0xdd;
const APP0 = 0xe0;
const APP14 = 0xee;
const APP15 = 0xef;
const COM = 0xfe;
// Sequential (baseline, extended) and progressive Huffman frames: what browsers and cameras write.
// Lossless, hierarchical and arithmetic-coded frames, and DNL, are left to the full decoder.
const SOF2 = 0xc2;
const FRAMES = new Set([0xc0, 0xc1, SOF2]);
const RGB_IDS = [0x52, 0x47, 0x42]; // component ids 'R','G','B': an RGB-coded file JFIF cannot describe

/** A minimal JFIF APP0: version 1.02, no density units (1:1), no thumbnail. */
const JFIF = Buffer.from([
  0xff,
  APP0,
  0x00,
  0x10,
  0x4a,
  0x46,
  0x49,
  0x46,
  0x00,
  0x01,
  0x02,
  0x00,
  0x00,
  0x01,
  0x00,
  0x01,
  0x00,
  0x00,
]);

// A progressive camera or browser JPEG has about 10 scans; a file with more is left to the full decoder.
export const MAX_SCANS = 16;

type Frame = { width: number; height: number; components: number };
type FrameLayout = Frame & { progressive: boolean; ids: number[]; sampling: { h: number; v: number }[] };
/**
 * `exif` / `icc`: whether an EXIF block (which may say how to turn the image) or a colour profile was
 * dropped. `checked`: every scan's coded data was walked code by code and ends exactly where the next
 * marker begins (baseline files), so no byte is kept that a decoder would skip.
 */
export type StrippedJpeg = Frame & { bytes: Buffer; exif: boolean; icc: boolean; checked: boolean };

const EXIF_ID = Buffer.from('Exif\0\0', 'latin1');
const ICC_ID = Buffer.from('ICC_PROFILE\0', 'latin1');

/**
 * The file rebuilt from SOI, one minimal JFIF APP0, its frame (SOF), tables (DQT, DHT, DRI) and scans
 * (SOS and their entropy-coded data) and EOI, copied byte for byte. Every APPn (EXIF, GPS, XMP, ICC,
 * thumbnails…) and comment is left out. Undefined (the caller decodes the file in full instead) for
 * anything outside that plain shape: a truncated or malformed segment, an unknown or unsupported marker,
 * an Adobe APP14 (its colour transform would be lost), an RGB-coded frame, a precision other than 8 bits,
 * other than 1 or 3 components, no frame or scan, or any byte after EOI. `cache` keeps the walk's lookups
 * of Huffman tables met before (most photos share their browser's or camera's tables).
 */
export function stripJpeg(b: Buffer, cache?: MultiCache): StrippedJpeg | undefined {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== SOI) return undefined;
  const kept: Buffer[] = [b.subarray(0, 2), JFIF];
  let frame: FrameLayout | undefined;
  let scans = 0;
  let checked = true;
  const tables: HuffmanTables = new Map();
  let restart = 0;
  let exif = false;
  let icc = false;
  let pos = 2;
  for (;;) {
    // A marker: 0xFF, any number of 0xFF fill bytes, then its code.
    if (pos >= b.length || b[pos] !== 0xff) return undefined;
    while (pos < b.length && b[pos] === 0xff) pos++;
    if (pos >= b.length) return undefined;
    const code = b[pos];
    const start = pos - 1;
    pos++;
    if (code === EOI) {
      if (pos !== b.length || !frame || scans === 0) return undefined;
      kept.push(b.subarray(start, pos));
      const { width, height, components } = frame;
      return { bytes: Buffer.concat(kept), width, height, components, exif, icc, checked };
    }
    if (pos + 2 > b.length) return undefined;
    const length = b.readUInt16BE(pos);
    const end = pos + length;
    if (length < 2 || end > b.length) return undefined;
    const body = b.subarray(pos + 2, end);
    pos = end;

    if (FRAMES.has(code)) {
      if (frame || scans > 0) return undefined;
      frame = readFrame(body, code === SOF2);
      if (!frame) return undefined;
      checked = !frame.progressive;
      kept.push(b.subarray(start, end));
    } else if (code === DHT) {
      if (!readHuffmanTables(body, tables, cache)) return undefined;
      kept.push(b.subarray(start, end));
    } else if (code === DRI) {
      if (body.length !== 2) return undefined;
      restart = body.readUInt16BE(0);
      kept.push(b.subarray(start, end));
    } else if (code === DQT) {
      kept.push(b.subarray(start, end));
    } else if (code === SOS) {
      if (!frame || body.length < 1 || body.length !== 4 + 2 * body[0] || body[0] === 0) return undefined;
      const dataEnd = scanEnd(b, pos);
      if (dataEnd === undefined || ++scans > MAX_SCANS) return undefined;
      if (checked) {
        const comps = scanComponents(body, frame);
        const codedEnd = comps && baselineScanEnd(b, pos, dataEnd, frameOf(frame), comps, tables, restart);
        if (codedEnd !== dataEnd) return undefined;
      }
      kept.push(b.subarray(start, dataEnd));
      pos = dataEnd;
    } else if (code === APP14) {
      return undefined;
    } else if ((code >= APP0 && code <= APP15) || code === COM) {
      // dropped: metadata
      if (code === APP0 + 1 && startsWith(body, EXIF_ID)) exif = true;
      if (code === APP0 + 2 && startsWith(body, ICC_ID)) icc = true;
    } else {
      return undefined;
    }
  }
}

const startsWith = (body: Buffer, id: Buffer) => body.length >= id.length && body.subarray(0, id.length).equals(id);

function readFrame(body: Buffer, progressive: boolean): FrameLayout | undefined {
  if (body.length < 6) return undefined;
  const precision = body[0];
  const height = body.readUInt16BE(1);
  const width = body.readUInt16BE(3);
  const components = body[5];
  if (precision !== 8 || width === 0 || height === 0) return undefined;
  if ((components !== 1 && components !== 3) || body.length !== 6 + 3 * components) return undefined;
  if (components === 3 && RGB_IDS.every((id, i) => body[6 + 3 * i] === id)) return undefined;
  const ids: number[] = [];
  const sampling: { h: number; v: number }[] = [];
  for (let i = 0; i < components; i++) {
    const hv = body[7 + 3 * i];
    const h = hv >> 4;
    const v = hv & 15;
    if (h < 1 || h > 4 || v < 1 || v > 4) return undefined;
    ids.push(body[6 + 3 * i]);
    sampling.push({ h, v });
  }
  return { width, height, components, progressive, ids, sampling };
}

const frameOf = (f: FrameLayout): ScanFrame => ({
  width: f.width,
  height: f.height,
  hMax: Math.max(...f.sampling.map((s) => s.h)),
  vMax: Math.max(...f.sampling.map((s) => s.v)),
});

/** A baseline scan's components in its order with their tables; undefined for anything else. */
function scanComponents(body: Buffer, frame: FrameLayout): ScanComponent[] | undefined {
  const n = body[0];
  const out: ScanComponent[] = [];
  for (let i = 0; i < n; i++) {
    const index = frame.ids.indexOf(body[1 + 2 * i]);
    if (index < 0) return undefined;
    const t = body[2 + 2 * i];
    out.push({ ...frame.sampling[index], dc: t >> 4, ac: t & 15 });
  }
  // a sequential scan covers coefficients 0-63 without successive approximation
  const [ss, se, a] = [body[1 + 2 * n], body[2 + 2 * n], body[3 + 2 * n]];
  return ss === 0 && se === 63 && a === 0 ? out : undefined;
}

/**
 * Where a scan's entropy-coded data ends: at the first marker that is not a restart (RST0-7). Inside
 * the data a 0xFF byte is followed by 0x00 (a stuffed byte), a restart code or more 0xFF fill bytes.
 */
function scanEnd(b: Buffer, from: number): number | undefined {
  let pos = from;
  for (;;) {
    const ff = b.indexOf(0xff, pos);
    if (ff < 0) return undefined;
    let next = ff + 1;
    while (next < b.length && b[next] === 0xff) next++;
    if (next >= b.length) return undefined;
    const code = b[next];
    if (code === 0x00 || (code >= 0xd0 && code <= 0xd7)) {
      pos = next + 1;
      continue;
    }
    return ff;
  }
}
