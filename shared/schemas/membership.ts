import { z } from 'zod';
import { MEMBERSHIP } from '../constants';

/** spec §3 Membership (as check-membership returns it). Default: none / false / false. */
export const membershipStatusSchema = z.object({
  type: z.enum(MEMBERSHIP.TYPES),
  isActive: z.boolean(),
  canCreateEvents: z.boolean(),
});
export type MembershipStatus = z.infer<typeof membershipStatusSchema>;
export type MembershipType = MembershipStatus['type'];

/** spec §9 membership types in the store; also the `type` query value of /membership-success. */
export const storeMembershipTypeSchema = z.enum(MEMBERSHIP.STORE_TYPES);
export type StoreMembershipType = z.infer<typeof storeMembershipTypeSchema>;

/** spec §7 create-payment / create-subscription: the provider's checkout page to send the browser to. */
export const checkoutUrlSchema = z.object({ url: z.string() });

/** spec §7 verify-payment, with the plan the success page was told it bought (read from its query). */
export const verifyPaymentInputSchema = z.object({
  sessionId: z.string().trim().min(1).max(MEMBERSHIP.SESSION_ID_MAX),
  type: storeMembershipTypeSchema,
});
export type VerifyPaymentInput = z.infer<typeof verifyPaymentInputSchema>;

export const verifyPaymentResultSchema = z.object({
  verified: z.boolean(),
  membershipType: storeMembershipTypeSchema.nullable(),
  error: z.string().optional(),
});
export type VerifyPaymentResult = z.infer<typeof verifyPaymentResultSchema>;
