import { useState } from 'react';
import { M } from '#shared/messages';
import type { StoreMembershipType } from '#shared/schemas/membership';
import { notifyOnce } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { errorMessage } from '../../lib/trpc-errors';

/**
 * spec §4: create-payment and create-subscription each return the provider's checkout URL. The one-off
 * payment opens in a new tab; the annual plan replaces this page. The new tab is opened during the click
 * (a tab opened after the request returns is a popup the browser blocks), then pointed at the URL.
 */
export function useCheckout() {
  const utils = trpc.useUtils();
  const [pending, setPending] = useState<StoreMembershipType | null>(null);
  const payment = trpc.membership.createPayment.useMutation();
  const subscription = trpc.membership.createSubscription.useMutation();

  const start = async (type: StoreMembershipType) => {
    const tab = type === 'one_time' ? window.open('', '_blank') : null;
    if (tab) tab.opener = null;
    setPending(type);
    try {
      const { url } = type === 'one_time' ? await payment.mutateAsync() : await subscription.mutateAsync();
      notifyOnce('membership-checkout', { color: 'indigo', message: M.success.redirectingToPayment });
      if (tab) {
        tab.location.href = url;
        // Paid in the other tab: this one asks again when the user comes back to it.
        window.addEventListener('focus', () => void utils.membership.check.invalidate(), { once: true });
        setPending(null);
      } else {
        window.location.assign(url); // annual, or the browser refused the new tab
      }
    } catch (error) {
      tab?.close();
      setPending(null);
      const text = errorMessage(error);
      notifyOnce('membership-checkout', {
        color: 'red',
        message: text === M.common.unexpected ? M.membership.generic : text,
      });
    }
  };

  return { start, pending };
}
