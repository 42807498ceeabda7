import { z } from 'zod';
import {
  attendeeListResponseSchema,
  attendeeListSchema,
  editableSchema,
  eventRefSchema,
  joinSchema,
  mineSchema,
  publicEventSchema,
  registrationDtoSchema,
  registrationListResponseSchema,
  registrationListSchema,
  registrationRefSchema,
  updateRegistrationSchema,
} from '#shared/schemas/registrations';
import { authedProcedure, publicProcedure, router } from '../../trpc/trpc';
import { checkIn, checkOut, organiserList, removeRegistration, undoCheckIn, undoCheckOut } from './organiser.service';
import { listAsAttendee, listRegistrations } from './public-list.service';
import { findMine, getEditable, getPublicEvent, join, updateOwn } from './registrations.service';

/**
 * Attendees (spec §2, §4, §5, §6, §7). Public procedures declare their output, so only the listed
 * fields leave the server. Calls that carry a registration token are mutations: a token never goes
 * into a URL (GET query string), where logs and proxies would keep it.
 */
export const registrationsRouter = router({
  event: publicProcedure
    .input(eventRefSchema)
    .output(publicEventSchema)
    .query(({ ctx, input }) => getPublicEvent(ctx.deps, input.eventId)),

  join: publicProcedure
    .input(joinSchema)
    .output(registrationDtoSchema)
    .mutation(({ ctx, input }) => join(ctx.deps, ctx.ip, input)),

  mine: publicProcedure
    .input(mineSchema)
    .output(z.object({ registration: registrationDtoSchema.nullable() }))
    .mutation(({ ctx, input }) => findMine(ctx.deps, input)),

  editable: publicProcedure
    .input(editableSchema)
    .output(registrationDtoSchema)
    .mutation(({ ctx, input }) => getEditable(ctx.deps, input)),

  update: publicProcedure
    .input(updateRegistrationSchema)
    .output(registrationDtoSchema)
    .mutation(({ ctx, input }) => updateOwn(ctx.deps, input)),

  /** The list as a visitor sees it: names, photos and headlines, never an e-mail or phone. */
  list: publicProcedure
    .input(registrationListSchema)
    .output(attendeeListResponseSchema)
    .query(({ ctx, input }) => listRegistrations(ctx.deps, input)),

  /** The list as an attendee of the event sees it (their token proves who they are). */
  listAsAttendee: publicProcedure
    .input(attendeeListSchema)
    .output(attendeeListResponseSchema)
    .mutation(({ ctx, input }) => listAsAttendee(ctx.deps, input)),

  organiserList: authedProcedure
    .input(registrationListSchema)
    .output(registrationListResponseSchema.extend({ checkedInCount: z.number() }))
    .query(({ ctx, input }) => organiserList(ctx.deps, ctx.user.id, input)),

  checkIn: authedProcedure
    .input(registrationRefSchema)
    .output(registrationDtoSchema)
    .mutation(({ ctx, input }) => checkIn(ctx.deps, ctx.user.id, input.id)),

  undoCheckIn: authedProcedure
    .input(registrationRefSchema)
    .output(registrationDtoSchema)
    .mutation(({ ctx, input }) => undoCheckIn(ctx.deps, ctx.user.id, input.id)),

  checkOut: authedProcedure
    .input(registrationRefSchema)
    .output(registrationDtoSchema)
    .mutation(({ ctx, input }) => checkOut(ctx.deps, ctx.user.id, input.id)),

  undoCheckOut: authedProcedure
    .input(registrationRefSchema)
    .output(registrationDtoSchema)
    .mutation(({ ctx, input }) => undoCheckOut(ctx.deps, ctx.user.id, input.id)),

  remove: authedProcedure
    .input(registrationRefSchema)
    .output(z.object({ id: z.string(), event_id: z.string() }))
    .mutation(({ ctx, input }) => removeRegistration(ctx.deps, ctx.user.id, input.id)),
});
