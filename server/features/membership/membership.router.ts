import {
  checkoutUrlSchema,
  membershipStatusSchema,
  verifyPaymentInputSchema,
  verifyPaymentResultSchema,
} from '#shared/schemas/membership';
import { authedProcedure, router } from '../../trpc/trpc';
import { checkMembership } from './membership.service';
import { startMembershipCheckout, verifyMembershipPayment } from './membership-checkout';

export const membershipRouter = router({
  /** spec §7 check-membership: { type, isActive, canCreateEvents } for the signed-in user. */
  check: authedProcedure
    .output(membershipStatusSchema)
    .query(({ ctx }) => checkMembership(ctx.deps.db, ctx.user, ctx.deps.clock.now(), ctx.deps.payments.mode)),
  /** spec §7 create-payment: pay-as-you-go, one event for £10; the client opens the URL in a new tab. */
  createPayment: authedProcedure
    .output(checkoutUrlSchema)
    .mutation(({ ctx }) => startMembershipCheckout(ctx.deps, ctx.user, 'one_time')),
  /** spec §7 create-subscription: the annual plan, £500 a year. */
  createSubscription: authedProcedure
    .output(checkoutUrlSchema)
    .mutation(({ ctx }) => startMembershipCheckout(ctx.deps, ctx.user, 'annual')),
  /** spec §7 verify-payment: { verified, membershipType, error? } for a session the caller paid. */
  verifyPayment: authedProcedure
    .input(verifyPaymentInputSchema)
    .output(verifyPaymentResultSchema)
    .mutation(({ ctx, input }) => verifyMembershipPayment(ctx.deps, ctx.user, input)),
});
