import { describe, expect, test } from 'vitest';
import type { CheckoutRequest } from '#server/features/payments/gateway';
import { M } from '#shared/messages';
import { formatPence } from '#shared/money';
import { browserHarness, PHONE, snap, visible } from '../helpers/browser';

// Issue 9 item 1: the built-in test checkout page in Chromium. It says plainly it is a test, shows what is
// bought and its price, and Pay / Cancel go back to the URLs the server chose (Pay grants once).

const T = M.payments.testCheckout;
const harness = browserHarness();

const request = (origin: string, userId: string): CheckoutRequest => ({
  purpose: 'membership-annual',
  amountPence: 50000,
  description: 'Roomlist Annual membership',
  // A public page, so the landing is not redirected to sign-in in this test.
  successUrl: `${origin}/terms?checkout=done&session_id={CHECKOUT_SESSION_ID}`,
  cancelUrl: `${origin}/terms?checkout=cancelled`,
  metadata: { userId },
  recurring: 'year',
});

describe('test checkout page', () => {
  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', undefined],
  ] as const) {
    test(`says it is a test, and Pay returns to the success URL with the session id (${name})`, async () => {
      const { server, page, errors } = await harness.open(viewport ? { viewport } : {});
      const buyer = await server.signedIn('buyer@example.com');
      const { id, url } = await server.deps.payments.createCheckout(request(server.url, buyer.user.id));
      await page.goto(url);
      await visible(page.getByRole('heading', { name: T.title }));
      await visible(page.getByText(T.notice));
      await visible(page.getByText('Roomlist Annual membership'));
      expect(await page.getByTestId('test-checkout-amount').textContent()).toBe('£500.00');
      await snap(page, `test-checkout-${name}`);

      await page.getByRole('button', { name: T.pay(formatPence(50000)) }).click();
      await page.waitForURL((u) => u.pathname === '/terms' && u.searchParams.get('session_id') === id);
      expect(new URL(page.url()).searchParams.get('checkout')).toBe('done');
      const grants = await server.deps.db
        .selectFrom('user_memberships')
        .select('membership_type')
        .where('payment_session_id', '=', id)
        .execute();
      expect(grants).toEqual([{ membership_type: 'annual' }]);

      // Back to the checkout afterwards: it says it was paid and offers no second payment.
      await page.goto(url);
      await visible(page.getByText(T.alreadyPaid));
      expect(await page.getByRole('button', { name: /^Pay / }).count()).toBe(0);
      if (name === 'phone') await snap(page, 'test-checkout-paid-phone');
      expect(errors).toEqual([]);
    });
  }

  test('Cancel returns to the cancel URL and grants nothing; an unknown id says so', async () => {
    const { server, page, errors } = await harness.open({ viewport: PHONE });
    const buyer = await server.signedIn('buyer@example.com');
    const { id, url } = await server.deps.payments.createCheckout(request(server.url, buyer.user.id));
    await page.goto(url);
    await page.getByRole('button', { name: T.cancel }).click();
    await page.waitForURL((u) => u.pathname === '/terms' && u.searchParams.get('checkout') === 'cancelled');
    expect(await server.deps.payments.retrieve(id)).toMatchObject({ paid: false });
    expect(
      await server.deps.db.selectFrom('user_memberships').select('id').where('payment_session_id', '=', id).execute(),
    ).toEqual([]);
    await page.goto(url);
    await visible(page.getByText(T.cancelled));

    await page.goto('/test-checkout/cs_roomlist_test_unknown');
    await visible(page.getByText(T.notFound));
    await visible(page.getByText(T.notice));
    await snap(page, 'test-checkout-unknown-phone');
    expect(errors).toEqual([]);
  });
});
