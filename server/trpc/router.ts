import { analyticsRouter } from '../features/analytics/analytics.router';
import { authRouter } from '../features/auth/auth.router';
import { eventsRouter } from '../features/events/events.router';
import { gdprRouter } from '../features/gdpr/gdpr.router';
import { linkedinRouter } from '../features/linkedin/linkedin.router';
import { liveRouter } from '../features/live/live.router';
import { membershipsRouter } from '../features/memberships/memberships.router';
import { registrationsRouter } from '../features/registrations/registrations.router';
import { systemRouter } from '../features/system/system.router';
import { router } from './trpc';

export const appRouter = router({
  auth: authRouter,
  analytics: analyticsRouter,
  events: eventsRouter,
  gdpr: gdprRouter,
  linkedin: linkedinRouter,
  live: liveRouter,
  membership: membershipsRouter,
  registrations: registrationsRouter,
  system: systemRouter,
});

export type AppRouter = typeof appRouter;
