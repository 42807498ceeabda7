import crypto from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { MultiCache } from './jpeg-huffman-tables';
import { type StrippedJpeg, stripJpeg } from './jpeg-strip';

// The walk reads several AC coefficients per lookup (`multi`); handed lookups that hold nothing, it reads
// every symbol one step at a time. Both must give the same verdict on any file.
class OneStepAtATime extends Map<string, Uint16Array> {
  override get() {
    return new Uint16Array(1 << 12);
  }
  override set() {
    return this;
  }
}

async function photos(): Promise<Buffer[]> {
  const out: Buffer[] = [];
  for (const [w, h] of [
    [64, 48],
    [17, 9],
    [120, 80],
  ]) {
    const grain = crypto.randomBytes(w * h * 3);
    const smooth = await sharp(crypto.randomBytes(4 * 4 * 3), { raw: { width: 4, height: 4, channels: 3 } })
      .resize(w, h)
      .raw()
      .toBuffer();
    for (const px of [grain, smooth])
      for (const quality of [20, 85, 100])
        for (const optimiseCoding of [false, true])
          for (const chromaSubsampling of ['4:2:0', '4:4:4'])
            out.push(
              await sharp(px, { raw: { width: w, height: h, channels: 3 } })
                .jpeg({ quality, optimiseCoding, chromaSubsampling })
                .toBuffer(),
            );
  }
  return out;
}

const verdict = (r: StrippedJpeg | undefined) =>
  r && { checked: r.checked, exif: r.exif, icc: r.icc, bytes: r.bytes.toString('base64') };

describe('the scan walk reads several coefficients per lookup', () => {
  it('gives the same verdict as one symbol at a time, on photos and on 3,000 damaged copies of them', async () => {
    const bases = await photos();
    const cache: MultiCache = new Map();
    const oneStep = new OneStepAtATime();
    let accepted = 0;
    for (let n = 0; n < bases.length + 3000; n++) {
      const b = Buffer.from(bases[n % bases.length]);
      if (n >= bases.length)
        for (let e = 0; e <= crypto.randomInt(4); e++) {
          const at = crypto.randomInt(b.length);
          if (crypto.randomInt(2)) b[at] = crypto.randomInt(256);
          else b[at] ^= 1 << crypto.randomInt(8);
        }
      const multi = stripJpeg(b, cache);
      if (multi?.checked) accepted++;
      expect(verdict(multi), `file ${n}`).toEqual(verdict(stripJpeg(b, oneStep)));
    }
    // the damage must leave both kinds of verdict common, or the comparison says little
    expect(accepted).toBeGreaterThan(bases.length);
    expect(accepted).toBeLessThan(bases.length + 2900);
  });

  it('keeps at most 32 tables in its cache, the most recently used', async () => {
    const cache: MultiCache = new Map();
    const bases = await photos();
    for (const b of bases) stripJpeg(b, cache);
    const standard = await sharp(bases[0]).jpeg({ quality: 90 }).toBuffer();
    expect(stripJpeg(standard, cache)?.checked).toBe(true);
    const keys = [...cache.keys()];
    expect(keys.length).toBeLessThanOrEqual(32);
    expect(cache.size).toBeGreaterThan(2);
    const used = keys.at(-1);
    for (const b of bases.slice(0, 20)) stripJpeg(b, cache);
    expect(cache.size).toBeLessThanOrEqual(32);
    stripJpeg(standard, cache);
    expect([...cache.keys()].at(-1)).toBe(used);
  });
});
