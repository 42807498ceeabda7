import { z } from 'zod';
import { pinResultSchema, pinSchema, syncPinsSchema } from '#shared/schemas/connections';
import { publicProcedure, router } from '../../trpc/trpc';
import { pin, syncPins, unpin } from './connections.service';

/**
 * Pins and connections (docs/privacy.md). Mutations only: each carries the pinner's registration token,
 * which never goes into a URL.
 */
export const connectionsRouter = router({
  pin: publicProcedure
    .input(pinSchema)
    .output(pinResultSchema)
    .mutation(({ ctx, input }) => pin(ctx.deps, input)),

  unpin: publicProcedure
    .input(pinSchema)
    .output(pinResultSchema)
    .mutation(({ ctx, input }) => unpin(ctx.deps, input)),

  sync: publicProcedure
    .input(syncPinsSchema)
    .output(z.object({ pinned: z.array(z.string()) }))
    .mutation(({ ctx, input }) => syncPins(ctx.deps, input)),
});
