import { LIMITS } from '#shared/constants';

/** spec §5 times: hour 00-23, minutes in steps of 15 → 96 "HH:MM" values. */
export const TIME_OPTIONS: string[] = Array.from({ length: (24 * 60) / LIMITS.MINUTES_STEP }, (_, i) => {
  const minutes = i * LIMITS.MINUTES_STEP;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});

/** The end-time choices: every time at or before the start is disabled (spec §5). */
export function endTimeOptions(start: string) {
  return TIME_OPTIONS.map((t) => ({ value: t, label: t, disabled: Boolean(start) && t <= start }));
}

/** The earliest date the picker allows: today, by the later of the local and the server's UTC calendar. */
export function minEventDate(now = new Date()): string {
  const utc = now.toISOString().slice(0, 10);
  const local = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  return local > utc ? local : utc;
}
