import { RevenueCard } from '../revenue/revenue-card';

/**
 * spec §2 dashboard: "A Revenue card, shown only if the user has at least one event with downloads
 * enabled" (Pending, Total Earned, Events with downloads, Last payout).
 */
export function RevenueSlot({ hasDownloadsEnabled }: { hasDownloadsEnabled: boolean }) {
  return hasDownloadsEnabled ? <RevenueCard /> : null;
}
