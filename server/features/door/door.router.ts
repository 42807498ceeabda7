import {
  doorSnapshotResponseSchema,
  doorSnapshotSchema,
  doorSyncResponseSchema,
  doorSyncSchema,
} from '#shared/schemas/door';
import { authedProcedure, router } from '../../trpc/trpc';
import { doorSnapshot, doorSync } from './door.service';

/** The door's offline mode: the list for the device, and the actions it queued (README "The door offline"). */
export const doorRouter = router({
  snapshot: authedProcedure
    .input(doorSnapshotSchema)
    .output(doorSnapshotResponseSchema)
    .query(({ ctx, input }) => doorSnapshot(ctx.deps, ctx.user.id, input)),

  sync: authedProcedure
    .input(doorSyncSchema)
    .output(doorSyncResponseSchema)
    .mutation(({ ctx, input }) => doorSync(ctx.deps, ctx.user.id, input)),
});
