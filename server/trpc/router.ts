import { analyticsRouter } from '../features/analytics/analytics.router';
import { authRouter } from '../features/auth/auth.router';
import { systemRouter } from '../features/system/system.router';
import { router } from './trpc';

export const appRouter = router({
  auth: authRouter,
  analytics: analyticsRouter,
  system: systemRouter,
});

export type AppRouter = typeof appRouter;
