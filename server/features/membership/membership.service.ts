import type { Transaction } from 'kysely';
import { M } from '#shared/messages';
import type { MembershipStatus } from '#shared/schemas/membership';
import type { Db } from '../../db/connection';
import type { Database } from '../../db/schema';
import { fail } from '../../lib/errors';
import type { PaymentsMode } from '../payments/gateway';
import { consumeOneTimeCredit, type MembershipRow, membershipsOf } from './membership.repo';

type Q = Db | Transaction<Database>;
export type Member = { id: string; roles: readonly string[] };

const isAdmin = (user: Member) => user.roles.includes('admin');
const annualActive = (m: MembershipRow, now: Date) =>
  m.membership_type === 'annual' && m.is_active === 1 && (m.expires_at === null || new Date(m.expires_at) > now);

/**
 * spec §3 Membership, §4 gate. An active annual plan runs until expires_at; an active one_time row is
 * one unused event credit. With neither, the newest row names the lapsed plan (expired annual →
 * "Membership Expired", used-up pay-as-you-go → "Ready for Another Event?"). Admins may always create,
 * and so may everyone when payments are off (PAYMENTS=off: a self-hosted install with no gate).
 */
export function membershipStatus(rows: MembershipRow[], user: Member, now: Date, mode: PaymentsMode): MembershipStatus {
  const admin = isAdmin(user) || mode === 'off';
  if (rows.some((m) => annualActive(m, now))) return { type: 'annual', isActive: true, canCreateEvents: true };
  if (rows.some((m) => m.membership_type === 'one_time' && m.is_active === 1)) {
    return { type: 'pay-as-you-go', isActive: true, canCreateEvents: true };
  }
  const latest = rows[0];
  const type = !latest ? 'none' : latest.membership_type === 'annual' ? 'annual' : 'pay-as-you-go';
  return { type, isActive: false, canCreateEvents: admin };
}

export async function checkMembership(db: Q, user: Member, now: Date, mode: PaymentsMode): Promise<MembershipStatus> {
  return membershipStatus(await membershipsOf(db, user.id), user, now, mode);
}

/**
 * Called inside the create-event transaction: admins, active annual members and everyone when payments
 * are off create freely; otherwise one pay-as-you-go credit is spent, or the create is refused.
 */
export async function spendEventRight(trx: Q, user: Member, now: Date, mode: PaymentsMode): Promise<void> {
  if (isAdmin(user) || mode === 'off') return;
  const rows = await membershipsOf(trx, user.id);
  if (rows.some((m) => annualActive(m, now))) return;
  if (await consumeOneTimeCredit(trx, user.id, now.toISOString())) return;
  fail.forbidden(M.membership.createForbidden);
}
