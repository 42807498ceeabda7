import type { Metadata } from 'sharp';
import { IMAGES, PHOTOS } from '#shared/constants';
import { M } from '#shared/messages';
import { PHOTO_MESSAGES } from '#shared/schemas/registrations';
import { fail } from '../../lib/errors';
import { type StrippedJpeg, stripJpeg } from './jpeg-strip';
import type { JpegStripper } from './jpeg-strip-pool';
import { loadSharp } from './load-sharp';

const GIF = [Buffer.from('GIF87a'), Buffer.from('GIF89a')];
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

/** The type from the first bytes, so no other format (SVG, TIFF, HEIF, PDF…) ever reaches a decoder. */
function sniff(b: Buffer): (typeof PHOTOS.TYPES)[number] | undefined {
  if (b.subarray(0, 3).equals(JPEG)) return 'jpeg';
  if (b.subarray(0, 8).equals(PNG)) return 'png';
  if (GIF.some((sig) => b.subarray(0, 6).equals(sig))) return 'gif';
  if (b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return undefined;
}

/**
 * At most `concurrency` works at once and `maxWaiting` waiting for a turn; past that a work is refused
 * at once (TOO_MANY_REQUESTS) instead of holding its request's memory in an endless queue.
 */
export type Slots = <T>(work: () => Promise<T>) => Promise<T>;

export function createSlots(concurrency: number, maxWaiting: number): Slots {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function inSlot<T>(work: () => Promise<T>): Promise<T> {
    if (running < concurrency) running++;
    else if (waiting.length >= maxWaiting) return fail.tooManyRequests(M.auth.rateLimited);
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

/**
 * The JPEG the join page makes (already fitted inside 800x800 and encoded by the browser) is kept as it
 * is, minus every metadata segment, instead of being decoded and encoded again (~9 ms of CPU per join,
 * bench B1; docs/decisions/0011-join-fast-path.md). It qualifies when its own markers are plain
 * (stripJpeg), it fits inside 800x800 and carries no colour profile (whose colours would be lost). One
 * with an EXIF block is kept only when sharp reads the same frame and no turn (orientation) from it.
 */
function storableAsIs(plain: StrippedJpeg | undefined, meta?: Metadata): Buffer | undefined {
  // a progressive file's coded data is not walked: bytes hidden in it would be kept, so it is re-encoded
  if (!plain?.checked || plain.icc || plain.width > PHOTOS.SIZE || plain.height > PHOTOS.SIZE) return;
  if (!plain.exif) return plain.bytes;
  if (meta?.format !== 'jpeg' || meta.hasProfile || (meta.orientation ?? 1) !== 1) return;
  if (meta.width !== plain.width || meta.height !== plain.height || meta.channels !== plain.components) return;
  return plain.bytes;
}

/**
 * spec §5 attendee photo: JPEG, PNG, GIF or WebP judged by content (never by name or declared type).
 * The header is read first, so a small file claiming a huge canvas is refused before decoding. A plain
 * JPEG within 800x800 is stored as it is without its metadata (storableAsIs). Any other image is decoded
 * (first frame only), turned upright by its EXIF orientation, fitted inside 800x800 and re-encoded as
 * JPEG: the EXIF (GPS included), ICC, XMP and comments are not copied. Either way nothing but the coded
 * image leaves the upload. Refusals carry the spec's texts.
 */
export type PhotoProcessor = (bytes: Buffer) => Promise<{ bytes: Buffer; ext: 'jpg' }>;

/**
 * `processPhoto` with its own decoding slots (photos decoded at once: each holds a libuv thread, which
 * sign-ins (scrypt) and file I/O share). One per app, built in createDeps (`deps.images`).
 */
export function createPhotoProcessor(strip: JpegStripper['strip'] = async (b) => stripJpeg(b)): PhotoProcessor {
  const inSlot = createSlots(PHOTOS.CONCURRENCY, PHOTOS.MAX_WAITING);
  return (bytes) => processPhoto(inSlot, strip, bytes);
}

async function processPhoto(
  inSlot: Slots,
  strip: JpegStripper['strip'],
  bytes: Buffer,
): Promise<{ bytes: Buffer; ext: 'jpg' }> {
  const kind = sniff(bytes);
  if (!kind) return fail.badRequest(PHOTO_MESSAGES.unsupported);
  const plain = kind === 'jpeg' ? await strip(bytes) : undefined;
  const asIs = storableAsIs(plain);
  if (asIs) return { bytes: asIs, ext: 'jpg' };
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return fail.badRequest(PHOTO_MESSAGES.unsupported);
  }
  if (meta.format !== kind) return fail.badRequest(PHOTO_MESSAGES.unsupported);
  if ((meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0) > IMAGES.MAX_INPUT_PIXELS) {
    return fail.badRequest(PHOTO_MESSAGES.tooLarge);
  }
  const withExif = storableAsIs(plain, meta);
  if (withExif) return { bytes: withExif, ext: 'jpg' };
  const out = await inSlot(() =>
    sharp(bytes, { limitInputPixels: IMAGES.MAX_INPUT_PIXELS, pages: 1 })
      .timeout({ seconds: PHOTOS.DECODE_TIMEOUT_S })
      .rotate()
      .resize(PHOTOS.SIZE, PHOTOS.SIZE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' }) // transparency has no JPEG equivalent
      .jpeg({ quality: PHOTOS.QUALITY })
      .toBuffer()
      .catch(() => undefined),
  );
  // A file with a valid header that does not decode (or takes too long) is no usable image either.
  if (!out) return fail.badRequest(PHOTO_MESSAGES.unsupported);
  return { bytes: out, ext: 'jpg' };
}
