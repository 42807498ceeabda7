import { PAGE_VIEWS } from '#shared/constants';
import { clip, pageViewSchema } from '#shared/schemas/analytics';
import { anonymizeIp } from '../../lib/ip';
import { publicProcedure, router } from '../../trpc/trpc';
import { insertPageView } from './page-views.repo';

export const analyticsRouter = router({
  /**
   * Spec "Guards": a page view on every route change; the IP is anonymised before it is stored.
   * Views past the per-client rate are dropped but still answered ok: analytics must never error in the UI.
   */
  pageView: publicProcedure.input(pageViewSchema).mutation(async ({ ctx, input }) => {
    const userId = ctx.user?.id ?? null;
    if (!ctx.deps.pageViewLimiter.allow({ ip: ctx.ip, userId })) return { ok: true };
    await insertPageView(ctx.deps.db, {
      path: input.path,
      referrer: input.referrer ?? null,
      user_id: userId,
      ip_anonymized: anonymizeIp(ctx.ip),
      user_agent: ctx.userAgent ? clip(ctx.userAgent, PAGE_VIEWS.USER_AGENT_MAX) : null,
      created_at: ctx.deps.clock.now().toISOString(),
    });
    return { ok: true };
  }),
});
