import { publicConfig } from '../../config';
import { publicProcedure, router } from '../../trpc/trpc';

export const systemRouter = router({
  publicConfig: publicProcedure.query(({ ctx }) => publicConfig(ctx.deps.config)),
});
