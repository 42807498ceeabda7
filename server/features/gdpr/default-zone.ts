import { scheduledDeletionDate } from '#shared/dates';
import type { Deps } from '../../deps';
import { setZonelessDeadline, zonelessOpenEvents } from './deadlines.repo';

/**
 * Events made before zones were stored have none: their times are on the clocks of the server's
 * TIME_ZONE, and so is their erasure. Their stored cleanup date was reckoned once, in UTC (or in an
 * earlier TIME_ZONE): at each start it is reckoned again with the current one, before any erasure runs.
 * Only those not yet erased are read (a shrinking set: none are made any more) and only a date that
 * changes is written, so a second start, or a second process, writes nothing. Returns how many changed.
 */
export async function applyDefaultZone(deps: Deps): Promise<number> {
  let changed = 0;
  for (const e of await zonelessOpenEvents(deps.db)) {
    const due = scheduledDeletionDate(e.event_date, e.end_time, deps.config.timeZone).toISOString();
    if (e.scheduled_deletion_date === due) continue;
    await setZonelessDeadline(deps.db, e.id, due);
    changed += 1;
  }
  if (changed > 0) {
    deps.log.info({ events: changed, timeZone: deps.config.timeZone }, 'erasure dates of events without a zone set');
  }
  return changed;
}
