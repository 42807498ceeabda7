import { PRICES, REVENUE } from './constants';
import { M } from './messages';

// spec §9: amounts are integer pence, shown in en-GB format with two decimals.
// Made on first use: a server that formats no price keeps ICU's number data out of memory (bench B8).
let gbp: Intl.NumberFormat | undefined;

/** e.g. 1000 → '£10.00', 123450 → '£1,234.50'. */
export function formatPence(pence: number): string {
  gbp ??= new Intl.NumberFormat(PRICES.LOCALE, { style: 'currency', currency: PRICES.CURRENCY });
  return gbp.format(pence / 100);
}

/** spec §5 download price: 0 is shown as 'Free'. */
export function formatPrice(pence: number): string {
  return pence === 0 ? M.eventForm.free : formatPence(pence);
}

/** The form enters pounds with step 0.01; the store keeps pence. */
export function poundsToPence(pounds: number): number {
  return Math.round(pounds * 100);
}

/** The pounds value the price input shows for stored pence, e.g. 1250 → 12.5. */
export function penceToPounds(pence: number): number {
  return pence / 100;
}

/**
 * spec §1, §9: the organiser gets 50% of download revenue. Integer pence: the organiser share is
 * rounded down and the platform keeps the odd penny, so the two always add up to the amount.
 */
export function splitRevenue(amountPence: number): { organiser: number; platform: number } {
  const organiser = Math.floor((amountPence * REVENUE.ORGANISER_SHARE_PERCENT) / 100);
  return { organiser, platform: amountPence - organiser };
}
