import { z } from 'zod';
import { PAYMENTS } from '../constants';

// Payments (issue 9): which provider the server uses, and the built-in test checkout's page.

export const paymentsModeSchema = z.object({ mode: z.enum(['stripe', 'test', 'off']) });
export type PaymentsModeInfo = z.infer<typeof paymentsModeSchema>;

export const testCheckoutIdSchema = z.object({
  id: z
    .string()
    .trim()
    .min(1)
    .max(PAYMENTS.TEST_CHECKOUT_ID_PREFIX.length + PAYMENTS.TEST_CHECKOUT_ID_LENGTH),
});
export type TestCheckoutId = z.infer<typeof testCheckoutIdSchema>;

/** What the test checkout page shows: never the metadata or the return URLs. */
export const testCheckoutSchema = z.object({
  id: z.string(),
  description: z.string(),
  amountPence: z.number().int(),
  status: z.enum(['open', 'paid', 'cancelled']),
});
export type TestCheckout = z.infer<typeof testCheckoutSchema>;

export const testCheckoutRedirectSchema = z.object({ redirectUrl: z.string() });
