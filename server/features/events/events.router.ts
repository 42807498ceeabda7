import { M } from '#shared/messages';
import { eventFormSchema, eventIdSchema, eventListSchema, eventUpdateSchema } from '#shared/schemas/events';
import { authedProcedure, authedWith, router } from '../../trpc/trpc';
import { countOwnEvents, createEvent, getEvent, listOwnEvents, removeOwnEvent, updateOwnEvent } from './events.service';

/** Owner-only event procedures (spec §6: every query is filtered to the signed-in user's events). */
export const eventsRouter = router({
  list: authedProcedure.input(eventListSchema).query(({ ctx, input }) => listOwnEvents(ctx.deps, ctx.user.id, input)),

  counts: authedProcedure.query(({ ctx }) => countOwnEvents(ctx.deps, ctx.user.id)),

  get: authedProcedure.input(eventIdSchema).query(({ ctx, input }) => getEvent(ctx.deps, ctx.user.id, input.id)),

  // spec §6: a signed-out submit gets "Authentication required: You must be logged in to create events."
  create: authedWith(M.events.createAuthRequired)
    .input(eventFormSchema)
    .mutation(({ ctx, input }) => createEvent(ctx.deps, ctx.user, input)),

  update: authedProcedure.input(eventUpdateSchema).mutation(({ ctx, input }) => {
    const { id, ...form } = input;
    return updateOwnEvent(ctx.deps, ctx.user.id, id, form);
  }),

  remove: authedProcedure
    .input(eventIdSchema)
    .mutation(({ ctx, input }) => removeOwnEvent(ctx.deps, ctx.user.id, input.id)),
});
