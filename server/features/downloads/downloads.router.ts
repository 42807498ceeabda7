import {
  createDownloadPaymentSchema,
  downloadCheckoutSchema,
  prepareDownloadSchema,
  preparedDownloadSchema,
  sharedContactsInputSchema,
  sharedContactsSchema,
} from '#shared/schemas/downloads';
import { publicProcedure, router } from '../../trpc/trpc';
import { countSharedContactsOf, createDownloadPayment, prepareDownload } from './downloads.service';

/**
 * Attendee-list downloads (spec §2 download card, §6, §7). Public: the proof is the browser's
 * registration token, so the calls carrying it are mutations (a token never goes into a URL).
 */
export const downloadsRouter = router({
  createPayment: publicProcedure
    .input(createDownloadPaymentSchema)
    .output(downloadCheckoutSchema)
    .mutation(({ ctx, input }) => createDownloadPayment(ctx.deps, input)),

  prepare: publicProcedure
    .input(prepareDownloadSchema)
    .output(preparedDownloadSchema)
    .mutation(({ ctx, input }) => prepareDownload(ctx.deps, input)),

  countSharedContacts: publicProcedure
    .input(sharedContactsInputSchema)
    .output(sharedContactsSchema)
    .query(({ ctx, input }) => countSharedContactsOf(ctx.deps, input.eventId)),
});
