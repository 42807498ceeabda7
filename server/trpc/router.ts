import { adminRouter } from '../features/admin/admin.router';
import { analyticsRouter } from '../features/analytics/analytics.router';
import { authRouter } from '../features/auth/auth.router';
import { connectionsRouter } from '../features/connections/connections.router';
import { doorRouter } from '../features/door/door.router';
import { downloadsRouter } from '../features/downloads/downloads.router';
import { eventsRouter } from '../features/events/events.router';
import { gdprRouter } from '../features/gdpr/gdpr.router';
import { linkedinRouter } from '../features/linkedin/linkedin.router';
import { liveRouter } from '../features/live/live.router';
import { membershipRouter } from '../features/membership/membership.router';
import { myDataRouter } from '../features/my-data/my-data.router';
import { paymentsRouter } from '../features/payments/payments.router';
import { registrationsRouter } from '../features/registrations/registrations.router';
import { revenueRouter } from '../features/revenue/revenue.router';
import { systemRouter } from '../features/system/system.router';
import { router } from './trpc';

export const appRouter = router({
  admin: adminRouter,
  auth: authRouter,
  analytics: analyticsRouter,
  connections: connectionsRouter,
  door: doorRouter,
  downloads: downloadsRouter,
  events: eventsRouter,
  gdpr: gdprRouter,
  linkedin: linkedinRouter,
  live: liveRouter,
  membership: membershipRouter,
  myData: myDataRouter,
  payments: paymentsRouter,
  registrations: registrationsRouter,
  revenue: revenueRouter,
  system: systemRouter,
});

export type AppRouter = typeof appRouter;
