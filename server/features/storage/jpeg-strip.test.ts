import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_SCANS, stripJpeg } from './jpeg-strip';

// A photo-like image (smooth colour and grain), so the scans hold real entropy-coded data.
async function picture(width = 64, height = 48) {
  const px = Buffer.alloc(width * height * 3);
  for (let i = 0; i < px.length; i++) px[i] = (i * 7 + ((i * 2654435761) % 251)) & 0xff;
  return sharp(px, { raw: { width, height, channels: 3 } });
}
const pixels = (b: Buffer) => sharp(b).raw().toBuffer();

/** A segment (marker, 2-byte length, body) put right after SOI. */
function withSegment(jpeg: Buffer, marker: number, body: Buffer) {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), head, body, jpeg.subarray(2)]);
}
/** The offset of a frame header (SOF0 or SOF2) in a file sharp made. */
const sofAt = (b: Buffer) => b.findIndex((v, i) => v === 0xff && (b[i + 1] === 0xc0 || b[i + 1] === 0xc2));

// 48x32, 4:2:0, a restart marker after every MCU (`jpegtran -restart 1B`; sharp writes none).
const RESTARTS = Buffer.from(
  [
    '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYn',
    'KSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgo',
    'KCgoKCgoKCj/wAARCAAgADADASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUF',
    'BAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVW',
    'V1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi',
    '4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAEC',
    'AxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVm',
    'Z2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq',
    '8vP09fb3+Pn6/90ABAAB/9oADAMBAAIRAxEAPwCOa31Hw5dzLbuIomCxkSRgoVXorj04xuGCMnnk4mu7Oy1yFLzTmijuthMluzAs',
    'BxnI/iQ5GHHqOh6R6dqL2V3/AGdrHmtaOgUFsv5OBjMfUlMAZTsOVzg5iu9Pezjh1PRnMsOfNhkiOCnOCVz26goe+Qcc5tRre3tp',
    'DEenuVV29fLdauL3QTceWDrTvFfBWV7p9Iz66efvR84n/9BbLVkIurDxA05QAus8wMsidyGxkuueA3UHg8EYhuba50G5gvLIq8YH',
    'yyA71MR52kD78Z46dOo5AxbgktvET7BEtpfhd8Ww5WXA+YpkZHOcockD1w2KVlqF1o0QsL+NJrQSZ2kYbByCYjkAEk5KHgnOMZOF',
    'BJxmqULr7dFvVd5Q/qz62dzS1VV7K0MQ1qtPZ1Yv8Lv7numpaH//0ZXht9ehuJbKM2l9GpLQhhJ+7PRgcYdOnbg44+6TBY6s9tHB',
    'p2sxo1qmYw2CZI1xxt5+eMYPy/eA6EgAF2qaS8PlahpE8rW0iEo8DlSAcglDwVPJBXjuD7Oiu7LXbSO2vnRNR83y0kVCgmbsRx8j',
    '9PlOASRt+9gQ1S9lFyk50F8M1fnptdH1svPWPmghyuE/YwvD7dFv3o95Q9O9tNpJ7n//0rFvd2ev2cMN+3k6kXEaNt2iVuoIxwj5',
    '7cAkjb1AGdHc3/h2W6hmEUttI+9llGxGIPJBGNj4GM4wRjIJAq3eadDrNi95p6tDcIQtzbuc7GweHH8SnnDd/Yg4kttWW9K6fr3l',
    'DKeWLiT76MD/AMteeV5AD8f7XUkZpUvYuMYudC/vRfx0nvp5eWz3i+hUIzjUnGlDlqL46T+GVusfzS3X2W0f/9N1/pa3UEOqaK8m',
    '3fkpnYVkGDg4+5IOOR7EEgjK6VPBrUTaTqTB7oYSKaUYMh7I/wDt9g3RsY5YfNWvrTUvDFxm38xYVcblJJXaARtdf415OO4ycc4x',
    'duLex10m405hHfLEHlt3GSFPBGeA6Hj5h6qTgkYKkm4wlUqb/wAOsunlP8m3vtJLczTpyw7jFOdDqt50n5d1/wCSy/uyP//UrEXn',
    'hnUhI0ZeF/klLthZAOgf0Yc4ft3yCc3NT0201SK6utHdXZQBNFKm0qSMgOvHI5ww4OCATzUWlamkFi2na5C7RwgCORF3mJcgcjq0',
    'eOeMsuMcjbhJrK78P6kl9YyGS3Kgqc+YpjIHHH3oyMcD2IwcVXNVVd2ShX/l+xVXdef4ro2gnKV4VK1TX/l3WWm3SfXybeq15ro/',
    '/9k=',
  ].join(''),
  'base64',
);

describe('stripJpeg: the coded image without its metadata', () => {
  it('keeps a baseline JPEG pixel for pixel and drops EXIF (GPS), XMP, comments and other APPn', async () => {
    const plain = await (await picture()).jpeg({ quality: 80 }).toBuffer();
    const tagged = withSegment(
      withSegment(
        await (await picture())
          .jpeg({ quality: 80 })
          .withExif({ IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 1234/100' } })
          .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF>where-i-live</rdf:RDF></x:xmpmeta>')
          .toBuffer(),
        0xfe,
        Buffer.from('a comment with a secret'),
      ),
      0xed,
      Buffer.from('Photoshop 3.0\0caption'),
    );
    const out = stripJpeg(tagged);
    expect(out).toMatchObject({ width: 64, height: 48, components: 3, exif: true, icc: false });
    const bytes = out?.bytes ?? Buffer.alloc(0);
    for (const s of ['PhoneCo', 'Exif\0\0', 'where-i-live', 'xmpmeta', 'a comment', 'Photoshop', 'caption']) {
      expect(bytes.includes(s)).toBe(false);
    }
    const m = await sharp(bytes).metadata();
    expect([m.format, m.exif, m.xmp, m.icc, m.iptc]).toEqual(['jpeg', undefined, undefined, undefined, undefined]);
    expect((await pixels(bytes)).equals(await pixels(plain))).toBe(true);
    expect((await pixels(bytes)).equals(await pixels(tagged))).toBe(true);
  });

  it('keeps a progressive JPEG (several scans) and a greyscale one', async () => {
    const progressive = await (await picture()).jpeg({ progressive: true }).toBuffer();
    const p = stripJpeg(progressive);
    expect((await pixels(p?.bytes ?? Buffer.alloc(0))).equals(await pixels(progressive))).toBe(true);
    const grey = await (await picture()).toColourspace('b-w').jpeg().toBuffer();
    expect(stripJpeg(grey)).toMatchObject({ components: 1 });
  });

  it('reports a colour profile it dropped', async () => {
    const p3 = await (await picture()).jpeg().withIccProfile('p3').toBuffer();
    expect(stripJpeg(p3)).toMatchObject({ icc: true });
  });

  it('refuses a truncated file, bytes after the end marker and broken segment lengths', async () => {
    const jpeg = await (await picture()).jpeg().toBuffer();
    expect(stripJpeg(jpeg)).toBeDefined();
    for (const cut of [1, 2, 3, 10, 200, jpeg.length - 2, jpeg.length - 1]) {
      expect(stripJpeg(jpeg.subarray(0, cut))).toBeUndefined();
    }
    expect(stripJpeg(Buffer.concat([jpeg, Buffer.from('PK\x03\x04 a zip after the image')]))).toBeUndefined();
    expect(stripJpeg(Buffer.concat([jpeg, Buffer.from([0xff, 0xd8])]))).toBeUndefined();
    const tooLong = Buffer.from(jpeg);
    tooLong.writeUInt16BE(0xfff0, 4); // the first segment claims to run past the end of the file
    expect(stripJpeg(tooLong)).toBeUndefined();
    const noMarker = Buffer.from(jpeg);
    noMarker[2] = 0x00; // junk where a marker must be
    expect(stripJpeg(noMarker)).toBeUndefined();
    expect(stripJpeg(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toBeUndefined(); // no frame, no scan
  });

  it('leaves to the full decoder what it cannot keep as is: other frame types, precisions, colour models', async () => {
    const jpeg = await (await picture()).jpeg().toBuffer();
    const at = sofAt(jpeg);
    const patched = (offset: number, value: number) => {
      const b = Buffer.from(jpeg);
      b[at + offset] = value;
      return b;
    };
    expect(stripJpeg(patched(1, 0xc3))).toBeUndefined(); // lossless
    expect(stripJpeg(patched(1, 0xc9))).toBeUndefined(); // arithmetic coding
    expect(stripJpeg(patched(4, 12))).toBeUndefined(); // 12-bit samples
    const rgb = Buffer.from(jpeg);
    for (const [i, id] of [0x52, 0x47, 0x42].entries()) rgb[at + 10 + 3 * i] = id; // components 'R','G','B'
    expect(stripJpeg(rgb)).toBeUndefined();
    const cmyk = await (await picture()).toColourspace('cmyk').jpeg().toBuffer();
    expect(stripJpeg(cmyk)).toBeUndefined();
    const adobe = withSegment(jpeg, 0xee, Buffer.from('Adobe\0d\0\0\0\0\0'));
    expect(stripJpeg(adobe)).toBeUndefined();
  });

  it('walks a baseline file code by code: bytes hidden before EOI, or a block cut short, leave it to the decoder', async () => {
    const jpeg = await (await picture(64, 48)).jpeg({ quality: 80 }).toBuffer();
    expect(stripJpeg(jpeg)?.checked).toBe(true);
    expect(stripJpeg(Buffer.concat([jpeg.subarray(0, -2), Buffer.from('x'), jpeg.subarray(-2)]))).toBeUndefined();
    expect(stripJpeg(Buffer.concat([jpeg.subarray(0, -4), jpeg.subarray(-2)]))).toBeUndefined();
    const restarts = await (await picture(64, 48)).jpeg({ quality: 80, chromaSubsampling: '4:2:0' }).toBuffer();
    expect(stripJpeg(restarts)?.checked).toBe(true);
  });

  it('walks restart markers: each where its MCU ends, numbered in turn; one out of turn or missing leaves it to the decoder', () => {
    expect(stripJpeg(RESTARTS)?.checked).toBe(true);
    const at = [...RESTARTS.keys()].filter(
      (i) => RESTARTS[i] === 0xff && RESTARTS[i + 1] >= 0xd0 && RESTARTS[i + 1] <= 0xd7,
    );
    expect(at).toHaveLength(5);
    const swapped = Buffer.from(RESTARTS);
    [swapped[at[0] + 1], swapped[at[1] + 1]] = [RESTARTS[at[1] + 1], RESTARTS[at[0] + 1]];
    expect(stripJpeg(swapped)).toBeUndefined();
    expect(stripJpeg(Buffer.concat([RESTARTS.subarray(0, at[2]), RESTARTS.subarray(at[2] + 2)]))).toBeUndefined();
  });

  it(`keeps at most ${MAX_SCANS} scans, and does not vouch for a progressive file's coded data`, async () => {
    const progressive = await (await picture()).jpeg({ progressive: true }).toBuffer();
    expect(stripJpeg(progressive)?.checked).toBe(false);
    const sos = progressive.lastIndexOf(Buffer.from([0xff, 0xda]));
    const repeated = Buffer.concat([
      progressive.subarray(0, -2),
      ...Array(MAX_SCANS).fill(progressive.subarray(sos, -2)),
      progressive.subarray(-2),
    ]);
    expect(stripJpeg(repeated)).toBeUndefined();
  });
});
