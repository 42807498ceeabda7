import { authedProcedure, router } from '../../trpc/trpc';
import { checkMembership } from './memberships.service';

export const membershipsRouter = router({
  /** spec §7 check-membership: { type, isActive, canCreateEvents } for the signed-in user. */
  check: authedProcedure.query(({ ctx }) => checkMembership(ctx.deps.db, ctx.user, ctx.deps.clock.now())),
});
