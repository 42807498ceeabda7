import { M } from '#shared/messages';
import { cleanupNowSchema } from '#shared/schemas/gdpr';
import { fail } from '../../lib/errors';
import { authedProcedure, router } from '../../trpc/trpc';
import { eraseEvent } from './erase';

export const gdprRouter = router({
  /**
   * spec §2 "Delete Attendee Data Now" (§7 manual_gdpr_cleanup): the owner erases one event's attendee
   * data at once, the same way the job does; the figures feed M.success.cleanupReport.
   */
  cleanupNow: authedProcedure.input(cleanupNowSchema).mutation(async ({ ctx, input }) => {
    const report = await eraseEvent(ctx.deps, input.eventId, { ownerId: ctx.user.id });
    return report ?? fail.notFound(M.events.notFoundOrDenied);
  }),
});
