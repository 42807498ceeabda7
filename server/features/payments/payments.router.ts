import {
  paymentsModeSchema,
  testCheckoutIdSchema,
  testCheckoutRedirectSchema,
  testCheckoutSchema,
} from '#shared/schemas/payments';
import { publicProcedure, router } from '../../trpc/trpc';
import { cancelTestCheckout, getTestCheckout, payTestCheckout } from './test-checkout.service';

/**
 * The payment provider's mode (the client shows "test" notices and skips paywalls when off) and the
 * built-in test checkout page. The test checkout is public: like a Stripe checkout URL, whoever holds
 * the unguessable id may pay or cancel it.
 */
export const paymentsRouter = router({
  mode: publicProcedure.output(paymentsModeSchema).query(({ ctx }) => ({ mode: ctx.deps.payments.mode })),

  testCheckout: router({
    get: publicProcedure
      .input(testCheckoutIdSchema)
      .output(testCheckoutSchema)
      .query(({ ctx, input }) => getTestCheckout(ctx.deps, input.id)),
    pay: publicProcedure
      .input(testCheckoutIdSchema)
      .output(testCheckoutRedirectSchema)
      .mutation(({ ctx, input }) => payTestCheckout(ctx.deps, input.id)),
    cancel: publicProcedure
      .input(testCheckoutIdSchema)
      .output(testCheckoutRedirectSchema)
      .mutation(({ ctx, input }) => cancelTestCheckout(ctx.deps, input.id)),
  }),
});
