import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { stripJpeg } from './jpeg-strip';
import { createJpegStripper, type JpegStripper } from './jpeg-strip-pool';

async function photo(seed: number) {
  const width = 96;
  const height = 64;
  const px = Buffer.alloc(width * height * 3);
  for (let i = 0; i < px.length; i++) px[i] = (i * seed + ((i * 2654435761) % 251)) & 0xff;
  return sharp(px, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

let stripper: JpegStripper | undefined;
afterEach(async () => {
  await stripper?.close();
});

describe('the JPEG check on a worker thread', () => {
  it('gives the same answers as on the calling thread, for many photos at once', async () => {
    stripper = createJpegStripper();
    await stripper.warm();
    const plain = await Promise.all([3, 5, 7, 11, 13, 17].map(photo));
    const hidden = Buffer.concat([plain[0].subarray(0, -2), Buffer.from('hidden'), plain[0].subarray(-2)]);
    const inputs = [
      ...plain,
      hidden,
      Buffer.from('not a jpeg'),
      await sharp(plain[1]).jpeg({ progressive: true }).toBuffer(),
    ];
    const answers = await Promise.all(inputs.map((b) => stripper?.strip(b)));
    answers.forEach((a, i) => {
      const here = stripJpeg(inputs[i]);
      expect(a === undefined).toBe(here === undefined);
      if (a && here) {
        expect(a.bytes.equals(here.bytes)).toBe(true);
        expect({ ...a, bytes: null }).toEqual({ ...here, bytes: null });
      }
    });
    expect(answers[6]).toBeUndefined(); // bytes hidden before EOI: not kept
    expect(answers[8]?.checked).toBe(false); // progressive: not walked, re-encoded by the caller
    expect(stripper.counts()).toEqual({ worker: inputs.length, inline: 0 });
  });

  it('runs off the calling thread, and the caller still gets its answer when the worker dies', async () => {
    stripper = createJpegStripper();
    const jpeg = await photo(3);
    await stripper.warm();
    expect((await stripper.strip(jpeg))?.checked).toBe(true);
    expect(stripper.counts()).toEqual({ worker: 1, inline: 0 });
    // the worker ends while photos wait: each still gets the calling thread's answer
    const waiting = Promise.all([1, 2, 3].map(() => stripper?.strip(jpeg)));
    await stripper.close();
    for (const a of await waiting) expect(a?.checked).toBe(true);
    expect(stripper.counts()).toEqual({ worker: 1, inline: 3 });
    // and the next check starts a new worker
    await stripper.warm();
    expect((await stripper.strip(jpeg))?.checked).toBe(true);
    expect(stripper.counts()).toEqual({ worker: 2, inline: 3 });
  });

  it('answers on the calling thread while the worker starts: the first joins after a start do not wait for it', async () => {
    stripper = createJpegStripper();
    const jpeg = await photo(5);
    const first = await Promise.all([1, 2, 3].map(() => stripper?.strip(jpeg)));
    for (const a of first) expect(a?.checked).toBe(true);
    expect(stripper.counts()).toEqual({ worker: 0, inline: 3 });
    // the first photo started the worker: once it has loaded, photos go to it
    await stripper.warm();
    expect((await stripper.strip(jpeg))?.checked).toBe(true);
    expect(stripper.counts()).toEqual({ worker: 1, inline: 3 });
  });
});
