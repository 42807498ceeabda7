import { LIVE_CLIENT } from './constants';

/**
 * How long a live page waits before its next try to reconnect its WebSocket (`attempt` counts the tries
 * since it was last connected): none for the first, then about RETRY_FIRST_MS, doubling up to
 * RETRY_MAX_MS. Each wait is drawn between half and all of that ("equal jitter"), so the phones and
 * screens of a venue, dropped together when the server restarts, come back spread over a moment rather
 * than in one millisecond.
 * The bench's subscribers (bench B4) wait the same.
 */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  if (attempt <= 0) return 0;
  const full = Math.min(LIVE_CLIENT.RETRY_FIRST_MS * 2 ** (attempt - 1), LIVE_CLIENT.RETRY_MAX_MS);
  return Math.round(full / 2 + (random() * full) / 2);
}
