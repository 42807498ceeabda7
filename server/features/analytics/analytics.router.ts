import { pageViewSchema } from '#shared/schemas/auth';
import { anonymizeIp } from '../../lib/ip';
import { publicProcedure, router } from '../../trpc/trpc';
import { insertPageView } from './page-views.repo';

export const analyticsRouter = router({
  /** Spec "Guards": a page view on every route change; the IP is anonymised before it is stored. */
  pageView: publicProcedure.input(pageViewSchema).mutation(async ({ ctx, input }) => {
    await insertPageView(ctx.deps.db, {
      path: input.path,
      referrer: input.referrer ?? null,
      user_id: ctx.user?.id ?? null,
      ip_anonymized: anonymizeIp(ctx.ip),
      user_agent: ctx.userAgent?.slice(0, 500) ?? null,
      created_at: ctx.deps.clock.now().toISOString(),
    });
    return { ok: true };
  }),
});
