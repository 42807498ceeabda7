import { Text } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { scheduledDeletionDate } from '#shared/dates';

const MINUTE_MS = 60_000;

/** "2d 5h 12m" until `to`; null once it has passed. */
export function countdownParts(to: Date, now: Date): { days: number; hours: number; minutes: number } | null {
  const left = to.getTime() - now.getTime();
  if (left <= 0) return null;
  const minutes = Math.ceil(left / MINUTE_MS);
  return { days: Math.floor(minutes / 1440), hours: Math.floor((minutes % 1440) / 60), minutes: minutes % 60 };
}

/** Re-renders on each minute boundary while mounted. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(
        () => {
          setNow(new Date());
          schedule();
        },
        MINUTE_MS - (Date.now() % MINUTE_MS) + 50,
      );
    };
    schedule();
    return () => clearTimeout(timer);
  }, []);
  return now;
}

/**
 * spec §4 deletion countdown: two working days after the event's end, keeping its time of day. The
 * server's scheduled date when it has one, else the same rule computed here (shared/dates.ts).
 */
export function DeletionCountdown({
  event,
}: {
  event: { event_date: string; end_time: string; time_zone: string; scheduled_deletion_date: string | null };
}) {
  const now = useMinuteClock();
  const due = event.scheduled_deletion_date
    ? new Date(event.scheduled_deletion_date)
    : scheduledDeletionDate(event.event_date, event.end_time, event.time_zone);
  const parts = countdownParts(due, now);
  return (
    <Text size="xs" c="dimmed" ta="center" data-testid="deletion-countdown">
      <IconShieldLock
        size={15}
        stroke={1.7}
        color="var(--mantine-color-teal-7)"
        style={{ verticalAlign: -3, marginRight: 4 }}
        aria-hidden
      />
      {parts ? (
        <>
          Names, photos and contacts are deleted in{' '}
          <Text span fw={600} c="dark" size="xs" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
            {parts.days}d {parts.hours}h {parts.minutes}m
          </Text>
        </>
      ) : (
        'Names, photos and contacts are being deleted.'
      )}
    </Text>
  );
}
