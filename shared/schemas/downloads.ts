import { z } from 'zod';
import { DOWNLOADS, MEMBERSHIP } from '../constants';
import { uuidSchema } from './common';
import { registrationTokenSchema } from './registrations';

// spec §7 create-download-payment, download-attendees, verify-download-payment; §6 the visitor's download
// rule: every download carries the browser's proof of owning a registration of the event.

export const downloadFormatSchema = z.enum(DOWNLOADS.FORMATS);
export type DownloadFormat = z.infer<typeof downloadFormatSchema>;

const owner = {
  eventId: uuidSchema,
  format: downloadFormatSchema,
  registrationId: uuidSchema,
  registrationToken: registrationTokenSchema,
};

/** spec §7 create-download-payment: the provider's checkout page for one format of one event. */
export const createDownloadPaymentSchema = z.object(owner);
export type CreateDownloadPaymentInput = z.infer<typeof createDownloadPaymentSchema>;
export const downloadCheckoutSchema = z.object({ url: z.string() });

/**
 * spec §7 download-attendees (+ verify-download-payment for a paid list): the file is built on the server
 * and fetched once from `downloadUrl`. A paid list also names the checkout session it was bought with.
 */
export const prepareDownloadSchema = z.object({
  ...owner,
  sessionId: z.string().trim().min(1).max(MEMBERSHIP.SESSION_ID_MAX).optional(),
});
export type PrepareDownloadInput = z.infer<typeof prepareDownloadSchema>;
export const preparedDownloadSchema = z.object({ downloadUrl: z.string(), fileName: z.string() });
export type PreparedDownload = z.infer<typeof preparedDownloadSchema>;

/** The download card's line before payment: how many of the listed attendees agreed to share contacts. */
export const sharedContactsInputSchema = z.object({ eventId: uuidSchema });
export const sharedContactsSchema = z.object({ attendees: z.number(), sharing: z.number() });
export type SharedContacts = z.infer<typeof sharedContactsSchema>;
