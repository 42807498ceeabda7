import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PHOTOS } from '#shared/constants';
import { M } from '#shared/messages';
import { PHOTO_MESSAGES } from '#shared/schemas/registrations';
import { createPhotoProcessor, createSlots } from './photos';

// one per app in the product (deps.images); one for this file here
const processPhoto = createPhotoProcessor();

const solid = (width: number, height: number, background = '#c00') =>
  sharp({ create: { width, height, channels: 3, background } });

/** A JPEG from a phone: GPS position, a description and orientation 6 (taken rotated). */
const phoneJpeg = () =>
  solid(60, 20)
    .jpeg()
    .withExif({
      IFD0: { ImageDescription: 'secret-place', Make: 'PhoneCo' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 1234/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();

const GPS_IFD_TAG = Buffer.from([0x25, 0x88]); // tag 0x8825 (GPSInfo), little-endian as sharp writes it

async function refusal(p: Promise<unknown>) {
  return p.then(
    () => 'accepted',
    (e: Error) => e.message,
  );
}

describe('processPhoto (spec §5 attendee photo)', () => {
  it('strips EXIF with GPS, turns the photo upright, and re-encodes it as JPEG', async () => {
    const input = await phoneJpeg();
    const before = await sharp(input).metadata();
    expect(before.exif?.includes(GPS_IFD_TAG)).toBe(true);
    expect(input.includes('secret-place')).toBe(true);

    const out = await processPhoto(input);
    const after = await sharp(out.bytes).metadata();
    expect([out.ext, after.format, after.exif, after.orientation, after.xmp, after.icc]).toEqual([
      'jpg',
      'jpeg',
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect([after.width, after.height]).toEqual([20, 60]); // orientation 6 applied before it was dropped
    for (const s of ['secret-place', 'PhoneCo', 'Exif\0\0']) expect(out.bytes.includes(s)).toBe(false);
  });

  it('fits a large photo inside 800x800, keeping its shape', async () => {
    const out = await processPhoto(await solid(2400, 1200).png().toBuffer());
    const m = await sharp(out.bytes).metadata();
    expect([m.format, m.width, m.height]).toEqual(['jpeg', 800, 400]);
  });

  it.each(['png', 'gif', 'webp'] as const)('accepts %s and stores JPEG', async (format) => {
    const out = await processPhoto(await solid(30, 30).toFormat(format).toBuffer());
    expect((await sharp(out.bytes).metadata()).format).toBe('jpeg');
  });

  it('keeps only the first frame of an animated GIF', async () => {
    const frames = Buffer.concat([Buffer.alloc(10 * 10 * 3, 0), Buffer.alloc(10 * 10 * 3, 255)]);
    const anim = await sharp(frames, { raw: { width: 10, height: 20, channels: 3, pageHeight: 10 } as never })
      .gif({ loop: 0, delay: [100, 100] })
      .toBuffer();
    expect((await sharp(anim).metadata()).pages).toBe(2);
    const out = await processPhoto(anim);
    const m = await sharp(out.bytes).metadata();
    expect([m.width, m.height, m.pages]).toEqual([10, 10, undefined]);
    const { data } = await sharp(out.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(Math.max(...data)).toBeLessThan(30); // the black first frame, not the white second
  });

  it('judges by content: a text file named .jpg, an SVG and a truncated JPEG are refused', async () => {
    expect(await refusal(processPhoto(Buffer.from('this is not a photo.jpg')))).toBe(PHOTO_MESSAGES.unsupported);
    expect(await refusal(processPhoto(Buffer.alloc(0)))).toBe(PHOTO_MESSAGES.unsupported);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    expect(await refusal(processPhoto(svg))).toBe(PHOTO_MESSAGES.unsupported);
    const jpeg = await solid(200, 200).jpeg().toBuffer();
    expect(await refusal(processPhoto(jpeg.subarray(0, 200)))).toBe(PHOTO_MESSAGES.unsupported);
    const tiff = await solid(10, 10).tiff().toBuffer();
    expect(await refusal(processPhoto(tiff))).toBe(PHOTO_MESSAGES.unsupported);
  });

  it('refuses a canvas above the pixel cap before decoding it', async () => {
    // 10000 x 6000 = 60 megapixels of one colour: a small file, a huge decode
    const huge = await solid(10_000, 6_000, '#fff').png({ compressionLevel: 9 }).toBuffer();
    expect(huge.length).toBeLessThan(1_000_000);
    expect(await refusal(processPhoto(huge))).toBe(PHOTO_MESSAGES.tooLarge);
  });
});

/** A photo as the join page sends it: fitted inside 800x800 by the browser, a JPEG with grain. */
async function browserJpeg(width: number, height: number) {
  const px = Buffer.alloc(width * height * 3);
  for (let i = 0; i < px.length; i++) px[i] = (i * 7 + ((i * 2654435761) % 251)) & 0xff;
  return sharp(px, { raw: { width, height, channels: 3 } });
}
const pixelsOf = (b: Buffer) => sharp(b).raw().toBuffer();

describe('processPhoto: a plain JPEG within 800x800 is stored as it is, without its metadata', () => {
  it('keeps the coded image of a browser-made photo, byte for byte (no second JPEG generation)', async () => {
    const input = await (await browserJpeg(800, 600)).jpeg({ quality: 70 }).toBuffer();
    const out = await processPhoto(input);
    expect(out.ext).toBe('jpg');
    expect((await pixelsOf(out.bytes)).equals(await pixelsOf(input))).toBe(true);
    // the scans are copied: the end of the file (entropy-coded data, EOI) is the upload's own
    expect(out.bytes.subarray(-4096).equals(input.subarray(-4096))).toBe(true);
  });

  it('drops EXIF with GPS, XMP and comments from a JPEG it keeps', async () => {
    const input = await (await browserJpeg(120, 90))
      .jpeg()
      .withExif({
        IFD0: { ImageDescription: 'secret-place', Make: 'PhoneCo' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '51/1 30/1 1234/100',
          GPSLongitudeRef: 'W',
          GPSLongitude: '0/1 7/1 0/1',
        },
      })
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF>home-address</rdf:RDF></x:xmpmeta>')
      .toBuffer();
    expect((await sharp(input).metadata()).exif?.includes(GPS_IFD_TAG)).toBe(true);
    const out = await processPhoto(input);
    for (const s of ['secret-place', 'PhoneCo', 'Exif\0\0', 'home-address', 'xmpmeta']) {
      expect(out.bytes.includes(s)).toBe(false);
    }
    expect(out.bytes.includes(GPS_IFD_TAG)).toBe(false);
    const m = await sharp(out.bytes).metadata();
    expect([m.format, m.exif, m.icc, m.xmp, m.orientation]).toEqual([
      'jpeg',
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect((await pixelsOf(out.bytes)).equals(await pixelsOf(input))).toBe(true); // kept, not re-encoded
  });

  it('decodes and re-encodes what it cannot keep: larger than 800x800, a colour profile, bytes after the end', async () => {
    const big = await (await browserJpeg(900, 300)).jpeg().toBuffer();
    const fitted = await sharp((await processPhoto(big)).bytes).metadata();
    expect([fitted.width, fitted.height]).toEqual([800, 267]);

    const p3 = await (await browserJpeg(100, 100)).jpeg().withIccProfile('p3').toBuffer();
    const converted = await processPhoto(p3);
    expect((await sharp(converted.bytes).metadata()).icc).toBeUndefined();
    expect((await pixelsOf(converted.bytes)).equals(await pixelsOf(p3))).toBe(false); // a new encoding

    const jpeg = await (await browserJpeg(100, 100)).jpeg().toBuffer();
    const trailer = Buffer.from('<html><script>alert(1)</script></html>');
    const polyglot = await processPhoto(Buffer.concat([jpeg, trailer]));
    expect(polyglot.bytes.includes(trailer)).toBe(false);
    expect((await sharp(polyglot.bytes).metadata()).format).toBe('jpeg');
  });

  it('never keeps bytes hidden before the end marker: the walk finds where the coded image ends', async () => {
    const jpeg = await (await browserJpeg(200, 150)).jpeg({ quality: 70 }).toBuffer();
    const hidden = Buffer.from('HIDDEN-PAYLOAD-'.repeat(40));
    const smuggled = Buffer.concat([jpeg.subarray(0, -2), hidden, jpeg.subarray(-2)]);
    // the full decoder refuses it (extraneous bytes) or encodes it again: either way the bytes do not stay
    const stored = await processPhoto(smuggled).then(
      (r) => r.bytes,
      (e: Error) => e.message,
    );
    if (typeof stored === 'string') expect(stored).toBe(PHOTO_MESSAGES.unsupported);
    else expect(stored.includes('HIDDEN-PAYLOAD')).toBe(false);
    const kept = await processPhoto(jpeg);
    expect(kept.bytes.subarray(-1024).equals(jpeg.subarray(-1024))).toBe(true);
  });

  it('a progressive JPEG with its last scan repeated 50,000 times is not stored: too many scans, and it does not decode', async () => {
    // a flat picture: its refinement scans are a few bytes each, so 50,000 of them make ~600 KB
    const progressive = await solid(800, 800, '#48c').jpeg({ progressive: true, quality: 70 }).toBuffer();
    const sos = progressive.lastIndexOf(Buffer.from([0xff, 0xda]));
    const lastScan = progressive.subarray(sos, -2);
    const bomb = Buffer.concat([
      progressive.subarray(0, -2),
      ...Array(50_000).fill(lastScan),
      progressive.subarray(-2),
    ]);
    expect(bomb.length).toBeLessThan(PHOTOS.BASE64_MAX);
    expect(await refusal(processPhoto(bomb))).toBe(PHOTO_MESSAGES.unsupported);
    // an ordinary progressive JPEG is still taken (decoded and encoded again: its scans are not walked)
    const taken = await processPhoto(progressive);
    expect((await sharp(taken.bytes).metadata()).isProgressive).toBe(false);
  });

  it('refuses a JPEG whose segments are broken and that does not decode either', async () => {
    const jpeg = await (await browserJpeg(200, 200)).jpeg().toBuffer();
    const broken = Buffer.from(jpeg);
    broken.writeUInt16BE(0xfff0, 4); // the first segment runs past the end of the file
    expect(await refusal(processPhoto(broken))).toBe(PHOTO_MESSAGES.unsupported);
    expect(await refusal(processPhoto(jpeg.subarray(0, jpeg.length - 500)))).toBe(PHOTO_MESSAGES.unsupported);
  });
});

describe('photo decoding queue', () => {
  it('is bounded: past the waiting room a photo is refused at once instead of piling up memory', async () => {
    const inSlot = createSlots(2, 3);
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const work = () => gate.then(() => 'done');
    const admitted = Array.from({ length: 5 }, () => inSlot(work)); // 2 running, 3 waiting
    await expect(inSlot(work)).rejects.toThrow(M.auth.rateLimited);
    release();
    expect(await Promise.all(admitted)).toEqual(Array(5).fill('done'));
    await expect(inSlot(work)).resolves.toBe('done'); // and the queue drained
  });

  it('the photo pipeline uses it: a burst past the waiting room is refused, the rest decoded', async () => {
    // a PNG is always decoded (a plain small JPEG is stored as it is, without a decoding slot)
    const photo = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#369' } })
      .png()
      .toBuffer();
    const results = await Promise.allSettled(
      Array.from({ length: PHOTOS.CONCURRENCY + PHOTOS.MAX_WAITING + 200 }, () => processPhoto(photo)),
    );
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) expect((r as PromiseRejectedResult).reason.message).toBe(M.auth.rateLimited);
    await expect(processPhoto(photo)).resolves.toMatchObject({ ext: 'jpg' });
  });
});
