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
