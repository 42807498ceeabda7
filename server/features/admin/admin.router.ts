import { adminOverviewSchema, adminPageViewsSchema, adminRevenueByEventSchema } from '#shared/schemas/admin';
import { adminProcedure, router } from '../../trpc/trpc';
import { adminOverview, adminPageViews, adminRevenueByEvent } from './admin.service';

/** spec §2 /admin. adminProcedure checks the role on the server: anyone else gets FORBIDDEN. */
export const adminRouter = router({
  overview: adminProcedure.output(adminOverviewSchema).query(({ ctx }) => adminOverview(ctx.deps)),
  revenueByEvent: adminProcedure.output(adminRevenueByEventSchema).query(({ ctx }) => adminRevenueByEvent(ctx.deps)),
  pageViews: adminProcedure.output(adminPageViewsSchema).query(({ ctx }) => adminPageViews(ctx.deps)),
});
