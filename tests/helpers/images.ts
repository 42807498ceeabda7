import crypto from 'node:crypto';
import sharp from 'sharp';

/** Random noise compresses to nothing, so these stay as large as their pixel count says. */
export const noisePng = (width: number, height: number) =>
  sharp(crypto.randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();

/**
 * A small PNG (~35 KB) whose lossless re-encode is ~2.3 MB: every row is the same 33 KB of noise, which
 * the PNG "Up" filter turns into zeros, but which plain deflate cannot match (its window is 32 KB).
 * It stays under the 500 KB resize threshold, so only the 2 MB cap can stop it.
 */
export async function repeatedRowPng(width = 11_000, height = 70) {
  const row = crypto.randomBytes(width * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png({ adaptiveFiltering: true, compressionLevel: 9 })
    .toBuffer();
}

export const scriptedSvg = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100" onload="alert('onload')">
  <script>alert('script')</script>
  <rect width="300" height="100" fill="#336699" onclick="alert('click')"/>
</svg>`,
);

export const isPng = (b: Buffer) =>
  b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));

/**
 * A ~5 KB SVG that draws 10^(levels-1) rectangles: each level is a <g> of `fan` <use> of the level
 * below. librsvg expands every reference, so rendering it costs seconds of a thread that cannot be
 * cancelled (librsvg gives up only past 500,000 references, after the work is done).
 */
export function nestedUseSvg(levels = 10, fan = 10) {
  let defs = '<g id="l0"><rect width="1" height="1"/></g>';
  for (let i = 1; i < levels; i++) {
    const uses = Array.from({ length: fan }, (_, k) => `<use href="#l${i - 1}" x="${k}"/>`).join('');
    defs += `<g id="l${i}">${uses}</g>`;
  }
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><defs>${defs}</defs><use href="#l${levels - 1}"/></svg>`,
  );
}

/** A 7000x7000 solid-colour palette PNG: about 47 KB on disk, 49 megapixels once decoded. */
export const solidHugePng = (width = 7000, height = 7000) =>
  sharp({ create: { width, height, channels: 3, background: '#0a6' } })
    .png({ palette: true, compressionLevel: 9 })
    .toBuffer();

let tinyJpeg: string | undefined;
/** A small plain JPEG as the join form sends it (base64), made once. */
export async function tinyJpegBase64() {
  tinyJpeg ??= (
    await sharp({ create: { width: 40, height: 40, channels: 3, background: '#369' } })
      .jpeg()
      .toBuffer()
  ).toString('base64');
  return tinyJpeg;
}
