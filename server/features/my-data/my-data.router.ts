import { myDataRequestSchema, myDataSchema, myRemovalSchema } from '#shared/schemas/my-data';
import { publicProcedure, router } from '../../trpc/trpc';
import { myData, removeMe } from './my-data.service';

/**
 * An attendee's own copy of their data and their own removal (docs/privacy.md), from the browser that
 * joined: both carry its registration token, so both are mutations (a token never goes into a URL).
 */
export const myDataRouter = router({
  download: publicProcedure
    .input(myDataRequestSchema)
    .output(myDataSchema)
    .mutation(({ ctx, input }) => myData(ctx.deps, input)),

  remove: publicProcedure
    .input(myDataRequestSchema)
    .output(myRemovalSchema)
    .mutation(({ ctx, input }) => removeMe(ctx.deps, input)),
});
