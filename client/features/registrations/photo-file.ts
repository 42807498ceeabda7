import { IMAGES } from '#shared/constants';
import { M } from '#shared/messages';
import { PHOTO_MESSAGES, photoFileProblem } from '#shared/photo-rules';

/** A refusal to show as a toast: title and description (spec §5 photo upload). */
export class PhotoError extends Error {
  constructor(
    readonly title: string,
    readonly description: string,
  ) {
    super(`${title}: ${description}`);
  }
}

const BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** Some systems leave File.type empty: fall back to the extension. */
function typeOf(file: File): string {
  if (file.type) return file.type;
  return BY_EXTENSION[file.name.split('.').pop()?.toLowerCase() ?? ''] ?? '';
}

/** spec §5: JPEG, JPG, PNG, GIF or WebP, under 5 MB (the shared rule); the failing rule's toast. */
export function checkPhoto(file: File) {
  const problem = photoFileProblem({ type: typeOf(file), size: file.size });
  if (problem === PHOTO_MESSAGES.tooLarge) {
    throw new PhotoError(M.attendees.photoTooLargeTitle, M.attendees.photoTooLargeBody);
  }
  if (problem) throw new PhotoError(M.attendees.unsupportedFormatTitle, M.attendees.unsupportedFormatBody);
}

/**
 * spec §9 image helper: fit within 800x800 (never enlarged) and encode as JPEG at 0.7. A phone photo of
 * 4 MB becomes ~100 KB, which is what makes joining quick on crowded venue Wi-Fi. The server decodes and
 * re-encodes it again; this step is for speed, not trust.
 */
export async function resizePhoto(file: File): Promise<string> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new PhotoError(M.attendees.unsupportedFormatTitle, M.attendees.unsupportedFormatBody);
  }
  const max = IMAGES.HELPER_DEFAULT_SIZE;
  const scale = Math.min(1, max / bitmap.width, max / bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new PhotoError(M.attendees.photoUploadFailedTitle, M.attendees.photoUploadFailedBody);
  // JPEG has no transparency: a transparent PNG would turn black without a backdrop.
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  // A data URL, as the join procedure takes it (the shared schema strips the prefix).
  const dataUrl = canvas.toDataURL('image/jpeg', IMAGES.HELPER_DEFAULT_QUALITY);
  if (!dataUrl.startsWith('data:image/jpeg')) {
    throw new PhotoError(M.attendees.photoUploadFailedTitle, M.attendees.photoUploadFailedBody);
  }
  return dataUrl;
}
