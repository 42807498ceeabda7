/**
 * spec §2 dashboard: "A Revenue card, shown only if the user has at least one event with downloads
 * enabled" (Pending, Total Earned, Events with downloads, Last payout). The payments feature renders
 * it here; until then it renders nothing.
 */
export function RevenueSlot(_props: { hasDownloadsEnabled: boolean }) {
  return null;
}
