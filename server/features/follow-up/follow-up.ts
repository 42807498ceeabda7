import { eventTimeZone, formatLongDate, formatTime, localDayBefore } from '#shared/dates';
import { localDateTime } from '#shared/time-zones';
import { FOLLOW_UP } from '../../constants';
import type { Deps } from '../../deps';
import { forgetMailsTo } from '../email/attendee-outbox';
import { type FollowUpEntry, templates } from '../email/templates';
import { reachesConnections } from '../registrations/attendee-dto';
import { connectedPeople } from '../registrations/connections.repo';
import {
  claimFollowUp,
  countPresent,
  dueFollowUps,
  eventsNearErasure,
  failFollowUp,
  followUpEvent,
  followUpRecipient,
  markFollowUpSent,
  planFollowUps,
  postponeFollowUp,
} from './follow-up.repo';

// The follow-up mail (docs/follow-up-mail.md): on the day before an event's erasure, each attendee who
// gave an e-mail and has a connection gets one mail listing their connections as each allowed.

/** When an event's follow-up becomes due: the erasure's local time, one calendar day earlier, in its zone. */
export function followUpDueAt(
  e: { scheduled_deletion_date: string; time_zone: string | null },
  defaultZone: string,
): Date {
  return localDayBefore(e.scheduled_deletion_date, eventTimeZone(e.time_zone, defaultZone));
}

/** e.g. 'Tuesday, 1 December 2026 at 21:00 (Europe/London)': the instant as the event's zone reads it. */
export function formatInZone(instantIso: string, timeZone: string): string {
  const { date, time } = localDateTime(instantIso, timeZone);
  return `${formatLongDate(date)} at ${formatTime(time)} (${timeZone})`;
}

const ms = (d: Date, plus = 0) => new Date(d.getTime() + plus).toISOString();

/** The wait before the next try after `attempts` failed ones. */
export const retryDelayMs = (attempts: number) =>
  Math.min(FOLLOW_UP.RETRY_FIRST_MS * 2 ** Math.max(0, attempts - 1), FOLLOW_UP.RETRY_MAX_MS);

export type FollowUpReport = { sent: number; failed: number };

/** The job: for every event in its follow-up day, owes each new connected attendee a mail and sends what is due. */
export async function sendDueFollowUps(deps: Deps): Promise<FollowUpReport> {
  const now = deps.clock.now();
  const report: FollowUpReport = { sent: 0, failed: 0 };
  for (const e of await eventsNearErasure(deps.db, ms(now), ms(now, FOLLOW_UP.LOOK_AHEAD_MS))) {
    if (followUpDueAt(e, deps.config.timeZone).getTime() > now.getTime()) continue;
    await planFollowUps(deps.db, e.id, ms(now));
    for (const id of await dueFollowUps(deps.db, e.id, ms(now), FOLLOW_UP.MAX_ATTEMPTS)) {
      const outcome = await sendOne(deps, e.id, id);
      if (outcome === 'sent') report.sent += 1;
      if (outcome === 'failed') report.failed += 1;
    }
  }
  if (report.sent + report.failed > 0) deps.log.info(report, 'follow-up mails');
  return report;
}

/** Claims, reads and sends one attendee's mail (the send outside any transaction), then records it. */
async function sendOne(deps: Deps, eventId: string, registrationId: string) {
  const now = deps.clock.now();
  const claimed = await deps.db.transaction().execute(async (trx) => {
    const o = { nowIso: ms(now), untilIso: ms(now, FOLLOW_UP.CLAIM_MS), maxAttempts: FOLLOW_UP.MAX_ATTEMPTS };
    const attempt = await claimFollowUp(trx, registrationId, o);
    if (attempt === undefined) return undefined;
    const event = await followUpEvent(trx, eventId);
    const to = await followUpRecipient(trx, eventId, registrationId);
    const connections = await connectedPeople(trx, eventId, registrationId);
    if (!event || !to?.email || connections.length === 0) {
      // unpinned (or the address removed) since it was owed: looked at again later, until the erasure
      await postponeFollowUp(trx, registrationId, ms(now, FOLLOW_UP.EVERY_MS));
      return undefined;
    }
    return { attempt, event, to: { ...to, email: to.email }, connections };
  });
  if (!claimed) return 'skipped';
  const { attempt, event, to, connections } = claimed;
  const zone = eventTimeZone(event.time_zone, deps.config.timeZone);
  const mail = templates.followUp({
    to: to.email,
    firstName: to.first_name,
    eventName: event.name,
    eventDate: formatLongDate(event.event_date),
    deletesAt: formatInZone(event.scheduled_deletion_date, zone),
    roomLink: `${deps.linkOrigin.get()}/event-list/${eventId}`,
    connections: connections.map(
      (c): FollowUpEntry => ({
        name: `${c.first_name} ${c.last_name}`,
        headline: c.headline,
        ...(reachesConnections(c.contact_visibility)
          ? { shares: true, email: c.email, phone: c.phone }
          : { shares: false }),
      }),
    ),
    key: { eventId, registrationId, lists: connections.map((c) => c.id) },
  });
  try {
    await deps.mailer.send(mail);
  } catch (err) {
    const last = attempt >= FOLLOW_UP.MAX_ATTEMPTS;
    const at = deps.clock.now();
    await failFollowUp(deps.db, registrationId, last ? 'failed' : 'pending', ms(at, retryDelayMs(attempt)));
    // the error's text may quote the address: its codes only
    const { code, responseCode } = err as { code?: string; responseCode?: number };
    deps.log.warn(
      { eventId, registrationId, attempt, code, responseCode },
      last ? 'follow-up mail not sent; no more tries' : 'follow-up mail not sent; tried again later',
    );
    return 'failed';
  }
  await markFollowUpSent(deps.db, registrationId, ms(deps.clock.now()));
  // The recipient or someone the mail names may have gone while it was sent (an erasure, a removal),
  // and their clean-up may have looked at the outbox before this copy was written: it goes now.
  const ids = [registrationId, ...connections.map((c) => c.id)];
  if ((await countPresent(deps.db, eventId, ids)) < ids.length) await forgetMailsTo(deps, eventId, registrationId);
  return 'sent';
}
