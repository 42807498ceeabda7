import { IMAGES } from './constants';
import { M } from './messages';

// spec §5 photo upload rules without zod: the join page checks a chosen file before the schemas
// (and zod with them) have loaded (issue 8 B6). shared/schemas/registrations.ts uses the same texts.

const msg = (title: string, body: string) => `${title}: ${body}`;
export const PHOTO_MESSAGES = {
  unsupported: msg(M.attendees.unsupportedFormatTitle, M.attendees.unsupportedFormatBody),
  tooLarge: msg(M.attendees.photoTooLargeTitle, M.attendees.photoTooLargeBody),
} as const;

/** spec §5 photo upload, checked in the browser on the chosen file before it is resized. */
export function photoFileProblem(file: { type: string; size: number }): string | undefined {
  if (!(IMAGES.PHOTO_TYPES as readonly string[]).includes(file.type.toLowerCase())) return PHOTO_MESSAGES.unsupported;
  if (file.size >= IMAGES.PHOTO_MAX_BYTES) return PHOTO_MESSAGES.tooLarge;
  return undefined;
}
