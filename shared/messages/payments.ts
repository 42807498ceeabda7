// Texts of the payment provider and the built-in test checkout (issue 9; none of these are in the spec,
// all ours, written to match the surrounding texts).
import { plural } from './plural';

export const payments = {
  off: 'Payments are switched off on this server.',
  providerFailed: 'The payment provider could not be reached. Please try again.',
  tooManyCheckouts: (minutes: number) =>
    `Too many payment attempts. Please wait ${plural(minutes, 'minute', 'minutes')} before trying again.`,
  testCheckout: {
    title: 'Test checkout',
    notice: 'This is a test checkout. No money is taken and no card details are needed.',
    amountLabel: 'Amount',
    /** `amount` as formatPence gives it, e.g. '£500.00'. */
    pay: (amount: string) => `Pay ${amount}`,
    cancel: 'Cancel',
    notFound: 'This test checkout does not exist.',
    alreadyPaid: 'This test checkout has already been paid.',
    cancelled: 'This test checkout was cancelled. Nothing was paid.',
    loadFailed: 'The test checkout could not be loaded. Please try again.',
    redirecting: 'Taking you back…',
  },
} as const;
