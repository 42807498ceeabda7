/** Where uploaded files live. Returns the public URL path the browser loads the file from. */
export interface Storage {
  put(bytes: Buffer, ext: StoredExt): Promise<string>;
  /**
   * A file that belongs to one owner (an attendee photo, owned by its registration): a fresh,
   * unguessable name under photos/ that no other row shares, so deleting it breaks nothing else.
   */
  putOwned(bytes: Buffer, ext: StoredExt, ownerId: string): Promise<string>;
  /** Deletes a file by the URL put/putOwned returned; a missing file is fine. Returns whether one was deleted. */
  remove(url: string): Promise<boolean>;
  /** The bytes of a file by the URL put/putOwned returned; undefined when it is missing. */
  get(url: string): Promise<Buffer | undefined>;
  /** Every file under photos/ with when it was last written (for the orphan sweep), in no set order. */
  listPhotos(): AsyncIterable<{ url: string; modifiedMs: number }>;
}

/** Only what images.ts produces: re-encoded PNG or JPEG, never SVG or anything a browser might run. */
export type StoredExt = 'png' | 'jpg';

export const UPLOADS_URL_PREFIX = '/uploads/';
export const PHOTOS_URL_PREFIX = `${UPLOADS_URL_PREFIX}photos/`;

/** The URL of an owned photo: /uploads/photos/{ownerId}-{random}.jpg (ownerId a UUID, random 24 letters). */
export const OWNED_PHOTO_PATH = /^\/uploads\/photos\/[0-9a-f-]{36}-[a-z0-9]{24}\.(jpg|png)$/;

const CONTENT_PATH = /^\/uploads\/[a-f0-9]{64}\.(png|jpg)$/;

/** The file's name under the uploads root, for names storage makes only (so a row can reach no other file). */
export function storedName(url: string): string | undefined {
  return OWNED_PHOTO_PATH.test(url) || CONTENT_PATH.test(url) ? url.slice(UPLOADS_URL_PREFIX.length) : undefined;
}
