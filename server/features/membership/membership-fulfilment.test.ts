import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../tests/helpers/factory';
import { makeTestDeps } from '../../../tests/helpers/test-deps';
import type { PaymentSession } from '../payments/gateway';
import { fulfilMembership } from './membership-fulfilment';

const annual = (id: string, userId: string): PaymentSession => ({
  id,
  paid: true,
  amountPence: 50000,
  currency: 'gbp',
  purpose: 'membership-annual',
  metadata: { userId },
});

describe('fulfilMembership when the buyer no longer exists', () => {
  it('grants nothing and answers not fulfilled (no foreign-key failure), while a live buyer is granted', async () => {
    const t = await makeTestDeps();
    const ada = await makeUser(t, 'ada@example.com');
    const grants = () => t.db.selectFrom('user_memberships').select(['user_id', 'payment_session_id']).execute();

    // An id with no users row: the account was deleted between paying and fulfilment.
    const gone = annual('cs_gone', '00000000-0000-4000-8000-000000000000');
    expect(await fulfilMembership(t.deps, gone)).toEqual({ fulfilled: false, alreadyFulfilled: false });
    expect(await grants()).toEqual([]);

    expect(await fulfilMembership(t.deps, annual('cs_ada', ada.id))).toEqual({
      fulfilled: true,
      alreadyFulfilled: false,
    });
    expect(await grants()).toEqual([{ user_id: ada.id, payment_session_id: 'cs_ada' }]);
  });
});
