import dayjs from 'dayjs';
import { MEMBERSHIP } from '#shared/constants';
import type { Deps } from '../../deps';
import { newId } from '../../lib/ids';
import { findUserById } from '../auth/users.repo';
import type { Fulfilment, FulfilResult } from '../payments/fulfil';
import type { PaymentSession } from '../payments/gateway';
import { insertMembership, membershipBySession, membershipsOf } from './membership.repo';

/**
 * spec §4 membership purchase: pay-as-you-go adds one unused event credit; annual runs 12 months, from
 * now or, bought while one is still running, from its end. One transaction keyed on the session id
 * (user_memberships.payment_session_id is UNIQUE): the success page, the webhook and a replay between
 * them grant exactly once.
 */
export async function fulfilMembership(deps: Deps, session: PaymentSession): Promise<FulfilResult> {
  const userId = session.metadata.userId;
  if (!userId) return { fulfilled: false, alreadyFulfilled: false };
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    if (await membershipBySession(trx, session.id)) return { fulfilled: true, alreadyFulfilled: true };
    // The buyer deleted the account after paying: nothing to grant. Answered, not thrown, so the webhook
    // records the event instead of failing the foreign key and having Stripe retry it for days.
    if (!(await findUserById(trx, userId))) return { fulfilled: false, alreadyFulfilled: false };
    const annual = session.purpose === 'membership-annual';
    let startsAt = now;
    if (annual) {
      for (const m of await membershipsOf(trx, userId)) {
        if (m.membership_type !== 'annual' || m.is_active !== 1 || !m.expires_at) continue;
        const end = new Date(m.expires_at);
        if (end > startsAt) startsAt = end;
      }
    }
    // On PostgreSQL two grants of one session can both pass the check above: the unique session id
    // lets only one insert, and the other waits for it and answers "already".
    const inserted = await insertMembership(trx, userId, {
      id: newId(),
      membership_type: annual ? 'annual' : 'one_time',
      is_active: true,
      starts_at: startsAt.toISOString(),
      expires_at: annual ? dayjs(startsAt).add(MEMBERSHIP.ANNUAL_MONTHS, 'month').toISOString() : null,
      now: now.toISOString(),
      payment_session_id: session.id,
    });
    return { fulfilled: true, alreadyFulfilled: !inserted };
  });
}

export const membershipFulfilment: Fulfilment = {
  purposes: ['membership-one-time', 'membership-annual'],
  fulfil: fulfilMembership,
};
