import { eventRevenueInputSchema, eventRevenueSchema, revenueSummarySchema } from '#shared/schemas/revenue';
import { authedProcedure, router } from '../../trpc/trpc';
import { eventRevenue, revenueSummary } from './revenue.service';

/** The organiser's own download revenue (spec §6 "Own revenue only"). */
export const revenueRouter = router({
  summary: authedProcedure.output(revenueSummarySchema).query(({ ctx }) => revenueSummary(ctx.deps, ctx.user.id)),

  forEvent: authedProcedure
    .input(eventRevenueInputSchema)
    .output(eventRevenueSchema)
    .query(({ ctx, input }) => eventRevenue(ctx.deps, ctx.user, input.eventId)),
});
