import crypto from 'node:crypto';
import sharp from 'sharp';
import { PHOTOS } from '#shared/constants';

/**
 * A photo as the join page sends it: the browser has fitted it inside 800x800 and encoded a JPEG, about
 * 100 KB. Smooth shapes plus fine grain (like a phone photo), so it neither compresses to nothing nor is
 * pure noise; the JPEG quality is searched until the file is within 5% of `targetBytes`.
 */
export async function benchPhoto(targetBytes = 100 * 1024): Promise<Buffer> {
  const w = PHOTOS.SIZE;
  const h = PHOTOS.SIZE;
  const coarse = await sharp(crypto.randomBytes(16 * 16 * 3), { raw: { width: 16, height: 16, channels: 3 } })
    .resize(w, h, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  const grain = crypto.randomBytes(w * h * 3);
  const px = Buffer.alloc(w * h * 3);
  for (let i = 0; i < px.length; i++) px[i] = Math.max(0, Math.min(255, coarse[i] + ((grain[i] % 25) - 12)));
  let lo = 5;
  let hi = 100;
  let best: Buffer | undefined;
  while (lo <= hi) {
    const q = (lo + hi) >> 1;
    const out = await sharp(px, { raw: { width: w, height: h, channels: 3 } })
      .jpeg({ quality: q })
      .toBuffer();
    if (!best || Math.abs(out.length - targetBytes) < Math.abs(best.length - targetBytes)) best = out;
    if (Math.abs(out.length - targetBytes) / targetBytes < 0.05) break;
    if (out.length > targetBytes) hi = q - 1;
    else lo = q + 1;
  }
  return best as Buffer;
}
