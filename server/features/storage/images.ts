import { IMAGES } from '#shared/constants';
import { M } from '#shared/messages';
import { loadSharp } from './load-sharp';
import { createRenderer, type Renderer, type RenderSpec } from './render-isolated';
import type { StoredExt } from './storage';
import { checkSvg, looksLikeMarkup, type SvgLimits } from './svg-guard';

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
const tooComplex = () => new ImageRejected(M.eventForm.imageTooComplexTitle, M.eventForm.imageTooComplexBody);

type Limits = {
  recompressAboveBytes: number;
  maxBytes: number;
  width: number;
  height: number;
  cpuMs?: number; // default: by format, IMAGES.SVG_RENDER_CPU_MS or RASTER_RENDER_CPU_MS
  svg: Partial<SvgLimits>;
};
const LOGO: Limits = {
  recompressAboveBytes: IMAGES.LOGO_RECOMPRESS_ABOVE_BYTES,
  maxBytes: IMAGES.LOGO_MAX_BYTES,
  width: IMAGES.LOGO_MAX_WIDTH,
  height: IMAGES.LOGO_MAX_HEIGHT,
  svg: {},
};
const QUALITY = Math.round(IMAGES.LOGO_QUALITY * 100);
const SVG_DENSITY = 72; // librsvg's default: an SVG of width W renders W pixels wide at 72 dpi

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SOI = Buffer.from([0xff, 0xd8, 0xff]);
/** The type from the first bytes, so no other format ever reaches a decoder. */
function sniff(bytes: Buffer): 'png' | 'jpeg' | 'svg' | undefined {
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.subarray(0, 3).equals(JPEG_SOI)) return 'jpeg';
  return looksLikeMarkup(bytes) ? 'svg' : undefined;
}

const SVG_REFUSAL = {
  'too-large': () => new ImageRejected(M.eventForm.uploadTooLargeTitle, M.eventForm.svgTooLargeBody),
  'not-allowed': invalidType,
  'too-complex': tooComplex,
} as const;

/**
 * spec §5 sponsor logo. The type comes from the bytes, never from the name or the declared type. Every
 * accepted image is decoded and re-encoded in a child process with a deadline (render-isolated.ts), so
 * metadata (EXIF, GPS, comments) is dropped, nothing but pixels survives, and no file can hold the
 * server's threads:
 * - every logo is fitted inside 400x200, whatever its byte size (a tiny PNG can hold 7000x7000 pixels);
 * - SVG is first checked as text (svg-guard.ts), then rasterised to PNG, so no script or reference runs;
 * - PNG/JPEG above 500 KB become palette PNG at quality 80 (spec "PNG at 0.8");
 * - smaller PNG stays PNG (lossless), smaller JPEG is re-encoded as JPEG at quality 80;
 * - a result still above 2 MB is refused.
 */
export type LogoProcessor = (bytes: Buffer, limits?: Partial<Limits>) => Promise<{ bytes: Buffer; ext: StoredExt }>;

/** `processLogo` with its own renderer (children at once); one per app, built in createDeps (`deps.images`). */
export function createLogoProcessor(render: Renderer = createRenderer()): LogoProcessor {
  return (bytes, limits) => processLogo(render, bytes, limits);
}

async function processLogo(
  render: Renderer,
  bytes: Buffer,
  limits: Partial<Limits> = {},
): Promise<{ bytes: Buffer; ext: StoredExt }> {
  const l = { ...LOGO, ...limits };
  const kind = sniff(bytes);
  if (!kind) throw invalidType();
  if (kind === 'svg') {
    const verdict = checkSvg(bytes, l.svg);
    if (verdict !== 'ok') throw SVG_REFUSAL[verdict]();
  }

  // Reads the header only (an SVG is parsed, which the checks above keep small); decodes no pixels.
  const sharp = await loadSharp();
  let format: string | undefined;
  let width = 0;
  let height = 0;
  try {
    ({ format, width = 0, height = 0 } = await sharp(bytes, { limitInputPixels: false }).metadata());
  } catch {
    throw invalidType();
  }
  if (format !== kind) throw invalidType();

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

  const fit = { limitInputPixels: IMAGES.MAX_INPUT_PIXELS, width: l.width, height: l.height };
  let spec: RenderSpec;
  let ext: StoredExt;
  if (format === 'svg') {
    spec = { ...fit, density: svgDensity, rotate: false, format: 'png', options: {} };
    ext = 'png';
  } else if (bytes.length > l.recompressAboveBytes) {
    // palette: libimagequant at quality 80 is what makes a PNG "quality" real (zlib alone is lossless)
    const options = { palette: true, quality: QUALITY, compressionLevel: 9 };
    spec = { ...fit, rotate: true, format: 'png', options };
    ext = 'png';
  } else if (format === 'png') {
    spec = { ...fit, rotate: true, format: 'png', options: { compressionLevel: 9 } };
    ext = 'png';
  } else {
    spec = { ...fit, rotate: true, format: 'jpeg', options: { quality: QUALITY } };
    ext = 'jpg';
  }

  const cpuMs = l.cpuMs ?? (format === 'svg' ? IMAGES.SVG_RENDER_CPU_MS : IMAGES.RASTER_RENDER_CPU_MS);
  const out = await render(bytes, spec, { cpuMs, maxBytes: l.maxBytes });
  if (out.ok) return { bytes: out.bytes, ext };
  if (out.reason === 'too-large') throw tooLarge();
  if (out.reason === 'timeout') throw tooComplex();
  // A file that claims to be an image but does not decode is not a PNG, JPG or SVG either.
  throw invalidType();
}
