import sharp from 'sharp';
import { IMAGES } from '#shared/constants';
import { M } from '#shared/messages';
import type { StoredExt } from './storage';

/** A refused upload; `message` is the spec's text (title: body). */
export class ImageRejected extends Error {
  constructor(
    readonly title: string,
    readonly description: string,
  ) {
    super(`${title}: ${description}`);
  }
}

export const invalidType = () => new ImageRejected(M.eventForm.invalidFileTypeTitle, M.eventForm.invalidFileTypeBody);
export const tooLarge = () => new ImageRejected(M.eventForm.fileTooLargeTitle, M.eventForm.fileTooLargeBody);
const tooManyPixels = () => new ImageRejected(M.eventForm.uploadTooLargeTitle, M.eventForm.tooManyPixelsBody);

type Limits = { recompressAboveBytes: number; maxBytes: number; width: number; height: number };
const LOGO: Limits = {
  recompressAboveBytes: IMAGES.LOGO_RECOMPRESS_ABOVE_BYTES,
  maxBytes: IMAGES.LOGO_MAX_BYTES,
  width: IMAGES.LOGO_MAX_WIDTH,
  height: IMAGES.LOGO_MAX_HEIGHT,
};
const QUALITY = Math.round(IMAGES.LOGO_QUALITY * 100);
const SVG_DENSITY = 72; // librsvg's default: an SVG of width W renders W pixels wide at 72 dpi

// The pixel cap guards decoding: a tiny file can claim a huge canvas. (Reading the header decodes
// nothing; an SVG is capped on the size it renders to at the chosen density.)
const open = (bytes: Buffer, density?: number) => sharp(bytes, { limitInputPixels: IMAGES.MAX_INPUT_PIXELS, density });

/**
 * spec §5 sponsor logo. The type comes from the bytes (sharp reads the content), never from the
 * name or the declared type. Every accepted image is decoded and re-encoded, so metadata (EXIF, GPS,
 * comments) is dropped and nothing but pixels survives:
 * - SVG is rasterised to PNG, fitted to 400x200, so no script or external reference in it ever runs;
 * - PNG/JPEG above 500 KB are shrunk to fit 400x200 as palette PNG at quality 80 (spec "PNG at 0.8");
 * - smaller PNG stays PNG (lossless), smaller JPEG is re-encoded as JPEG at quality 80;
 * - a result still above 2 MB is refused.
 */
export async function processLogo(
  bytes: Buffer,
  limits: Partial<Limits> = {},
): Promise<{ bytes: Buffer; ext: StoredExt }> {
  const l = { ...LOGO, ...limits };
  let format: string | undefined;
  let width = 0;
  let height = 0;
  try {
    ({ format, width = 0, height = 0 } = await sharp(bytes, { limitInputPixels: false }).metadata());
  } catch {
    throw invalidType();
  }

  if (format !== 'svg' && format !== 'png' && format !== 'jpeg') throw invalidType();

  // librsvg's minimum density is 1 dpi, so an absurd SVG canvas could still render huge.
  const svgDensity = Math.min(
    Math.max(SVG_DENSITY * Math.min(l.width / Math.max(width, 1), l.height / Math.max(height, 1)), 1),
    100_000,
  );
  const rendered =
    format === 'svg'
      ? Math.ceil((width * svgDensity) / SVG_DENSITY) * Math.ceil((height * svgDensity) / SVG_DENSITY)
      : width * height;
  if (rendered > IMAGES.MAX_INPUT_PIXELS) throw tooManyPixels();

  let out: { bytes: Buffer; ext: StoredExt };
  try {
    if (format === 'svg') {
      const png = await open(bytes, svgDensity)
        .resize(l.width, l.height, { fit: 'inside', withoutEnlargement: true })
        .png()
        .toBuffer();
      out = { bytes: png, ext: 'png' };
    } else {
      const img = open(bytes).rotate(); // apply the EXIF orientation before the EXIF is dropped
      if (bytes.length > l.recompressAboveBytes) {
        // palette: libimagequant at quality 80 is what makes a PNG "quality" real (zlib alone is lossless)
        const png = img.resize(l.width, l.height, { fit: 'inside', withoutEnlargement: true });
        out = { bytes: await png.png({ palette: true, quality: QUALITY, compressionLevel: 9 }).toBuffer(), ext: 'png' };
      } else if (format === 'png') {
        out = { bytes: await img.png({ compressionLevel: 9 }).toBuffer(), ext: 'png' };
      } else {
        out = { bytes: await img.jpeg({ quality: QUALITY }).toBuffer(), ext: 'jpg' };
      }
    }
  } catch {
    // A file that claims to be an image but does not decode is not a PNG, JPG or SVG either.
    throw invalidType();
  }
  if (out.bytes.length > l.maxBytes) throw tooLarge();
  return out;
}
