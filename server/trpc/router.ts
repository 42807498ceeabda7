import { analyticsRouter } from '../features/analytics/analytics.router';
import { authRouter } from '../features/auth/auth.router';
import { eventsRouter } from '../features/events/events.router';
import { membershipsRouter } from '../features/memberships/memberships.router';
import { systemRouter } from '../features/system/system.router';
import { router } from './trpc';

export const appRouter = router({
  auth: authRouter,
  analytics: analyticsRouter,
  events: eventsRouter,
  membership: membershipsRouter,
  system: systemRouter,
});

export type AppRouter = typeof appRouter;
