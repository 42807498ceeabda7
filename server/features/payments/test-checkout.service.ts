import { M } from '#shared/messages';
import type { Deps } from '../../deps';
import { fail } from '../../lib/errors';
import { fulfilPaidSession } from './fulfil';
import { settleTestCheckout, type TestCheckoutRow, testCheckoutById } from './test-checkouts.repo';
import { testSession, withSessionId } from './test-gateway';

/** The test checkout exists only in test mode; in any other mode its ids are unknown. */
async function openCheckout(deps: Deps, id: string): Promise<TestCheckoutRow> {
  const row = deps.payments.mode === 'test' ? await testCheckoutById(deps.db, id) : undefined;
  return row ?? fail.notFound(M.payments.testCheckout.notFound);
}

export async function getTestCheckout(deps: Deps, id: string) {
  const row = await openCheckout(deps, id);
  return { id: row.id, description: row.description, amountPence: row.amount_pence, status: row.status };
}

/**
 * Pay: open → paid in one conditional update (a double click pays once), then fulfil as Stripe's webhook
 * would, outside any transaction. Fulfilment is keyed on the session id, so running it again for an
 * already-paid checkout grants nothing twice and finishes one an earlier attempt left undone.
 */
export async function payTestCheckout(deps: Deps, id: string) {
  const row = await openCheckout(deps, id);
  if (row.status === 'cancelled') return fail.conflict(M.payments.testCheckout.cancelled);
  const now = deps.clock.now().toISOString();
  if (row.status === 'open' && !(await settleTestCheckout(deps.db, id, 'paid', now))) {
    // Another request settled it between our read and our update.
    const again = await openCheckout(deps, id);
    if (again.status !== 'paid') return fail.conflict(M.payments.testCheckout.cancelled);
  }
  try {
    await fulfilPaidSession(deps, testSession({ ...row, status: 'paid' }));
  } catch (err) {
    // As with a failed webhook, the payer still goes back: the success page verifies and fulfils again.
    deps.log.error({ err, sessionId: id }, 'test checkout fulfilment failed');
  }
  return { redirectUrl: withSessionId(row.success_url, id) };
}

/** Cancel: open → cancelled; nothing is granted. A paid checkout cannot be cancelled. */
export async function cancelTestCheckout(deps: Deps, id: string) {
  const row = await openCheckout(deps, id);
  if (row.status === 'paid') return fail.conflict(M.payments.testCheckout.alreadyPaid);
  const now = deps.clock.now().toISOString();
  if (row.status === 'open' && !(await settleTestCheckout(deps.db, id, 'cancelled', now))) {
    const again = await openCheckout(deps, id);
    if (again.status === 'paid') return fail.conflict(M.payments.testCheckout.alreadyPaid);
  }
  return { redirectUrl: withSessionId(row.cancel_url, id) };
}
