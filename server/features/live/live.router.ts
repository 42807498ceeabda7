import { M } from '#shared/messages';
import { liveCursorSchema, liveSubscriptionSchema } from '#shared/schemas/live';
import { fail } from '../../lib/errors';
import { deliverLive } from '../../trpc/live-delivery';
import { authedProcedure, publicProcedure, router } from '../../trpc/trpc';
import { directLine } from '../../trpc/ws-direct';
import { logExtent } from '../changes/changes.repo';
import { findOwnedEvent } from '../registrations/registrations.repo';
import { entryOwnedBy } from '../registrations/registrations.service';
import { findLiveEvent } from './live.repo';
import { followEvent } from './live-stream';
import { liveView } from './live-views';

// A subscription over a WebSocket gets its line there (ws-direct.ts): its items skip tRPC's per-item loop.
const publicLive = publicProcedure.use(async ({ getRawInput, next }) =>
  next({ ctx: { line: directLine(await getRawInput()) } }),
);
const organiserLive = authedProcedure.use(async ({ getRawInput, next }) =>
  next({ ctx: { line: directLine(await getRawInput()) } }),
);

/**
 * spec §4 Realtime, issue 7 scope 4: one subscription per event. The public one feeds the attendee list
 * and the venue display; the organiser's checks ownership at start, and ends with the WebSocket when
 * the session ends.
 */
export const liveRouter = router({
  /**
   * Where the log stands now. A page reads it first, then loads its list, then subscribes with it as
   * `lastEventId`: a change made in between is replayed instead of lost.
   */
  cursor: publicProcedure.input(liveCursorSchema).query(async ({ ctx, input }) => {
    if (!(await findLiveEvent(ctx.deps.liveDb, input.eventId))) return fail.notFound(M.events.notFound);
    return { lastEventId: String((await logExtent(ctx.deps.liveDb)).last) };
  }),

  // The event is looked up inside the stream (not in a generator of its own around it): one async
  // generator less for every item sent to every subscriber.
  // Each subscriber gets the entries as it may see them (docs/privacy.md): a visitor without contacts, an
  // attendee (proved by their token; subscriptions are WebSocket only, so it is never in a URL) with what the entries'
  // choices and their connections allow.
  onEvent: publicLive.input(liveSubscriptionSchema).subscription(({ ctx, input, signal }) =>
    deliverLive(async (send) => {
      const attendee = input.viewer
        ? ((await entryOwnedBy(ctx.deps, input.eventId, input.viewer.registrationId, input.viewer.token)) ??
          fail.forbidden(M.attendees.accessDenied))
        : undefined;
      const view = liveView(attendee ? { kind: 'attendee', id: attendee.id } : { kind: 'visitor' });
      return followEvent(
        ctx.deps,
        async () => (await findLiveEvent(ctx.deps.liveDb, input.eventId)) ?? fail.notFound(M.events.notFound),
        input.lastEventId,
        signal,
        (items) => send(view(items)),
        undefined,
        Boolean(attendee),
      );
    }, ctx.line),
  ),

  onOrganiserEvent: organiserLive
    .input(liveSubscriptionSchema)
    .subscription(({ ctx, input, signal }) =>
      deliverLive(
        (send) =>
          followEvent(
            ctx.deps,
            async () =>
              (await findOwnedEvent(ctx.deps.liveDb, ctx.user.id, input.eventId)) ??
              fail.notFound(M.events.notFoundOrDenied),
            input.lastEventId,
            signal,
            send,
          ),
        ctx.line,
      ),
    ),
});
