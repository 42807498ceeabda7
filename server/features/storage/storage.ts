/** Where uploaded files live. Returns the public URL path the browser loads the file from. */
export interface Storage {
  put(bytes: Buffer, ext: StoredExt): Promise<string>;
}

/** Only what images.ts produces: re-encoded PNG or JPEG, never SVG or anything a browser might run. */
export type StoredExt = 'png' | 'jpg';

export const UPLOADS_URL_PREFIX = '/uploads/';
