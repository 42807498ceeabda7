import { IMAGES } from '#shared/constants';
import { M } from '#shared/messages';

/** A refusal to show as a toast: title and description. */
export class LogoError extends Error {
  constructor(
    readonly title: string,
    readonly description: string,
  ) {
    super(`${title}: ${description}`);
  }
}

const SVG = 'image/svg+xml';

/** Some systems leave File.type empty: fall back to the extension. */
function typeOf(file: File): string {
  if (file.type) return file.type === 'image/jpg' ? 'image/jpeg' : file.type;
  const ext = file.name.split('.').pop()?.toLowerCase();
  return ext === 'png' ? 'image/png' : ext === 'jpg' || ext === 'jpeg' ? 'image/jpeg' : ext === 'svg' ? SVG : '';
}

/** Draws the image into at most 400x200 (keeping its ratio) and encodes it as PNG. */
async function shrink(file: File): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, IMAGES.LOGO_MAX_WIDTH / bitmap.width, IMAGES.LOGO_MAX_HEIGHT / bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('encode failed'))), 'image/png', IMAGES.LOGO_QUALITY),
  );
}

/**
 * spec §5 sponsor logo: PNG, JPG or SVG only; a non-SVG image above 500 KB is shrunk to at most
 * 400x200 PNG at 0.8; a result still above 2 MB is refused.
 */
export async function prepareLogo(file: File): Promise<{ body: Blob; optimized: boolean }> {
  const type = typeOf(file);
  if (!(IMAGES.LOGO_TYPES as readonly string[]).includes(type)) {
    throw new LogoError(M.eventForm.invalidFileTypeTitle, M.eventForm.invalidFileTypeBody);
  }
  let body: Blob = file;
  let optimized = false;
  if (type !== SVG && file.size > IMAGES.LOGO_RECOMPRESS_ABOVE_BYTES) {
    try {
      body = await shrink(file);
    } catch {
      throw new LogoError(M.eventForm.invalidFileTypeTitle, M.eventForm.invalidFileTypeBody);
    }
    optimized = true;
  }
  if (body.size > IMAGES.LOGO_MAX_BYTES) {
    throw new LogoError(M.eventForm.fileTooLargeTitle, M.eventForm.fileTooLargeBody);
  }
  return { body, optimized };
}

/** POST /api/uploads/logo with the raw bytes → the stored logo's URL, or a LogoError to show. */
export async function uploadLogo(body: Blob): Promise<string> {
  const failed = new LogoError(M.eventForm.uploadFailedTitle, M.eventForm.logoUploadFailedBody);
  let res: Response;
  try {
    res = await fetch('/api/uploads/logo', { method: 'POST', body, credentials: 'same-origin' });
  } catch {
    throw failed;
  }
  const data = (await res.json().catch(() => ({}))) as { url?: string; title?: string; description?: string };
  if (res.ok && data.url) return data.url;
  if (data.title && data.description) throw new LogoError(data.title, data.description);
  throw failed;
}
