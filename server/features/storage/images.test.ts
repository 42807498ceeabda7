import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { LOGO_PATH } from '#shared/schemas/events';
import { isPng, noisePng, repeatedRowPng, scriptedSvg } from '../../../tests/helpers/images';
import { createDiskStorage } from './disk-storage';
import { processLogo } from './images';

const INVALID_TYPE = 'Invalid file type: Please upload a PNG, JPG, or SVG file.';
const TOO_LARGE =
  'File still too large: Even after optimization, the image is larger than 2MB. Please try a different image.';
const size = async (b: Buffer) => {
  const m = await sharp(b).metadata();
  return [m.width, m.height];
};

describe('processLogo (spec §5 sponsor logo)', () => {
  it('uses the spec texts', () => {
    expect(`${M.eventForm.invalidFileTypeTitle}: ${M.eventForm.invalidFileTypeBody}`).toBe(INVALID_TYPE);
    expect(`${M.eventForm.fileTooLargeTitle}: ${M.eventForm.fileTooLargeBody}`).toBe(TOO_LARGE);
  });

  it('shrinks a PNG over 500 KB to fit 400x200, as PNG', async () => {
    const big = await noisePng(1200, 600);
    expect(big.length).toBeGreaterThan(500 * 1024);
    const out = await processLogo(big);
    expect(out.ext).toBe('png');
    expect(await size(out.bytes)).toEqual([400, 200]);
    expect(out.bytes.length).toBeLessThan(big.length);
  });

  it('shrinks a large JPEG too, keeping the aspect ratio', async () => {
    const big = await sharp(await noisePng(900, 900))
      .jpeg({ quality: 100 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(500 * 1024);
    const out = await processLogo(big);
    expect([out.ext, ...(await size(out.bytes))]).toEqual(['png', 200, 200]);
  });

  it('re-encodes a small JPEG as JPEG without its metadata, upright', async () => {
    const jpeg = await sharp({ create: { width: 60, height: 20, channels: 3, background: '#c00' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-owner', ImageDescription: 'gps here' } })
      .keepExif()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const out = await processLogo(jpeg);
    const meta = await sharp(out.bytes).metadata();
    expect([out.ext, meta.exif, meta.orientation]).toEqual(['jpg', undefined, undefined]);
    expect([meta.width, meta.height]).toEqual([20, 60]); // orientation 6 applied, then dropped
    expect(out.bytes.includes('secret-owner')).toBe(false);
  });

  it('keeps a small PNG at its size (only above 500 KB is it shrunk), without its metadata', async () => {
    const png = await sharp({ create: { width: 800, height: 300, channels: 4, background: '#0a0' } })
      .png()
      .withExif({ IFD0: { Copyright: 'secret-owner' } })
      .keepExif()
      .toBuffer();
    expect(png.includes('secret-owner')).toBe(true);
    const out = await processLogo(png);
    expect([out.ext, ...(await size(out.bytes))]).toEqual(['png', 800, 300]);
    expect(out.bytes.includes('secret-owner')).toBe(false);
  });

  it('judges by content: a text file (whatever its name) is refused', async () => {
    await expect(processLogo(Buffer.from('just some text, saved as logo.png'))).rejects.toThrow(INVALID_TYPE);
    await expect(processLogo(Buffer.alloc(0))).rejects.toThrow(INVALID_TYPE);
    // a PNG signature followed by garbage does not decode either
    const fake = Buffer.concat([(await noisePng(4, 4)).subarray(0, 40), Buffer.from('garbage')]);
    await expect(processLogo(fake)).rejects.toThrow(INVALID_TYPE);
  });

  it.each(['gif', 'webp'] as const)('refuses a real %s image (only PNG, JPG, SVG)', async (format) => {
    const img = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .toFormat(format)
      .toBuffer();
    await expect(processLogo(img)).rejects.toThrow(INVALID_TYPE);
  });

  it('rasterises an SVG with <script> and onload= to a PNG that fits 400x200 and holds no script', async () => {
    const out = await processLogo(scriptedSvg);
    expect(out.ext).toBe('png');
    expect(isPng(out.bytes)).toBe(true);
    expect(await size(out.bytes)).toEqual([400, 133]);
    const text = out.bytes.toString('latin1');
    for (const s of ['<svg', 'script', 'onload', 'alert']) expect(text).not.toContain(s);
  });

  it('refuses a result still above 2 MB (a small PNG whose re-encode is large)', async () => {
    const sneaky = await repeatedRowPng();
    expect(sneaky.length).toBeLessThan(500 * 1024);
    await expect(processLogo(sneaky)).rejects.toThrow(TOO_LARGE);
  });

  it('applies the 2 MB rule to every path (SVG, with a tiny limit injected)', async () => {
    await expect(processLogo(scriptedSvg, { maxBytes: 100 })).rejects.toThrow(TOO_LARGE);
  });

  it('refuses a canvas above 50 megapixels before decoding it (raster, or SVG even at 1 dpi)', async () => {
    const message = `${M.eventForm.uploadTooLargeTitle}: ${M.eventForm.tooManyPixelsBody}`;
    const huge = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    await expect(processLogo(huge)).rejects.toThrow(message);
    const svg = (w: number) =>
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${w}"><rect width="10" height="10"/></svg>`,
      );
    await expect(processLogo(svg(1_000_000))).rejects.toThrow(message);
    // a big but sane SVG canvas renders small: 100000 px at 1 dpi is 1389 px, then fitted to 200x200
    expect(await size((await processLogo(svg(100_000))).bytes)).toEqual([200, 200]);
  });
});

describe('disk storage (content-addressed)', () => {
  it('names a file by the sha256 of its bytes, stores it once, and gives a /uploads/ path', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roomlist-storage-'));
    try {
      const storage = createDiskStorage(path.join(dir, 'uploads'));
      const { bytes, ext } = await processLogo(scriptedSvg);
      const url = await storage.put(bytes, ext);
      expect(url).toMatch(LOGO_PATH);
      expect(await storage.put(bytes, ext)).toBe(url);
      const files = fs.readdirSync(path.join(dir, 'uploads'));
      expect(files).toEqual([url.slice('/uploads/'.length)]);
      expect(fs.readFileSync(path.join(dir, 'uploads', files[0])).equals(bytes)).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
