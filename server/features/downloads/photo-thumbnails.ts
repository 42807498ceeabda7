import { DOWNLOADS } from '#shared/constants';
import { loadSharp } from '../storage/load-sharp';
import { OWNED_PHOTO_PATH, type Storage } from '../storage/storage';

const PARALLEL = 2; // ours: thumbnails made at once inside one PDF build (libuv threads are shared)
const TIMEOUT_S = 5;

/**
 * A small square JPEG of an attendee's photo for the printable sheet, or null when there is none, the
 * file is gone (erased, moved) or does not decode: a missing photo never fails the download. Only
 * the owned-photo names storage makes are read, so a row can never point this at another file.
 */
async function thumbnail(storage: Storage, url: string | null): Promise<Buffer | null> {
  if (!url || !OWNED_PHOTO_PATH.test(url)) return null;
  try {
    const bytes = await storage.get(url);
    if (!bytes) return null;
    const sharp = await loadSharp();
    return await sharp(bytes, { pages: 1 })
      .timeout({ seconds: TIMEOUT_S })
      .resize(DOWNLOADS.PDF_THUMB_PX, DOWNLOADS.PDF_THUMB_PX, { fit: 'cover' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: DOWNLOADS.PDF_THUMB_QUALITY })
      .toBuffer();
  } catch {
    return null;
  }
}

/** Thumbnails for every url, in order, a few at a time (never inside a database transaction). */
export async function photoThumbnails(storage: Storage, urls: (string | null)[]): Promise<(Buffer | null)[]> {
  const out: (Buffer | null)[] = new Array(urls.length).fill(null);
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const i = next++;
      out[i] = await thumbnail(storage, urls[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, urls.length) }, worker));
  return out;
}
