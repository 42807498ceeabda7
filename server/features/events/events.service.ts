import { cleanupBadge, eventTimeZone, isUpcoming, scheduledDeletionDate, todayIso } from '#shared/dates';
import { M } from '#shared/messages';
import type { EventForm, EventListQuery } from '#shared/schemas/events';
import type { Deps } from '../../deps';
import { fail } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { eraseEvent } from '../gdpr/erase';
import { type Member, spendEventRight } from '../membership/membership.service';
import { toPublicEventDto } from './event-dto';
import {
  countEvents,
  deleteEvent,
  type EventValues,
  type EventWithCount,
  findEvent,
  hasDownloadsEnabled,
  insertEvent,
  listEvents,
  updateEvent,
} from './events.repo';

/** The organiser's wire shape: the public one plus the owner's extras (spec §3, §7 events list). */
export function toEventDto(row: EventWithCount, now: Date, defaultZone: string) {
  const pub = toPublicEventDto(row, defaultZone);
  return {
    ...pub,
    user_id: row.user_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    registration_count: Number(row.registration_count ?? 0),
    is_upcoming: isUpcoming(row.event_date, now),
    cleanup_badge: cleanupBadge(pub, now),
  };
}
export type EventDto = ReturnType<typeof toEventDto>;

/**
 * The stored columns for a form, with the derived cleanup date (spec §9: two weekdays after the end),
 * on the clocks of the event's zone: `timeZone` is what is stored (null: the server's default, `defaultZone`).
 */
function columns(form: EventForm, now: Date, timeZone: string | null, defaultZone: string): EventValues {
  const zone = eventTimeZone(timeZone, defaultZone);
  return {
    ...form,
    time_zone: timeZone,
    email_required: form.email_required ? 1 : 0,
    phone_required: form.phone_required ? 1 : 0,
    sponsor_enabled: form.sponsor_enabled ? 1 : 0,
    download_enabled: form.download_enabled ? 1 : 0,
    download_formats: JSON.stringify(form.download_formats),
    scheduled_deletion_date: scheduledDeletionDate(form.event_date, form.end_time, zone).toISOString(),
    updated_at: now.toISOString(),
  };
}

export async function getEvent(deps: Deps, userId: string, id: string): Promise<EventDto> {
  const row = await findEvent(deps.db, userId, id);
  if (!row) return fail.notFound(M.events.notFoundOrDenied);
  return toEventDto(row, deps.clock.now(), deps.config.timeZone);
}

/** spec §7 events list. Upcoming = event_date on or after today's UTC date. */
export async function listOwnEvents(deps: Deps, userId: string, input: EventListQuery) {
  const now = deps.clock.now();
  const today = todayIso(now);
  const { filter, page, limit } = input;
  const sort = input.sort ?? (filter === 'upcoming' ? 'date-asc' : 'date-desc');
  const total = await countEvents(deps.db, userId, filter, today);
  const rows = await listEvents(deps.db, userId, { filter, today, sort, limit, offset: (page - 1) * limit });
  return {
    events: rows.map((r) => toEventDto(r, now, deps.config.timeZone)),
    totalCount: total,
    pagination: { page, limit, total, totalPages: Math.ceil(total / limit) },
  };
}

export async function countOwnEvents(deps: Deps, userId: string) {
  const today = todayIso(deps.clock.now());
  return {
    total: await countEvents(deps.db, userId, 'all', today),
    upcoming: await countEvents(deps.db, userId, 'upcoming', today),
    hasDownloadsEnabled: await hasDownloadsEnabled(deps.db, userId),
  };
}

/**
 * spec §4 gate, §7 create: the membership right is spent in the same transaction as the insert. The form
 * sends the organiser's browser zone; one not sent is the server's TIME_ZONE, stored as the event's own.
 */
export async function createEvent(deps: Deps, user: Member, form: EventForm): Promise<EventDto> {
  const now = deps.clock.now();
  if (!isUpcoming(form.event_date, now)) fail.badRequest(M.eventForm.datePast);
  const id = newId();
  await deps.db.transaction().execute(async (trx) => {
    await spendEventRight(trx, user, now, deps.payments.mode);
    const zone = form.time_zone ?? deps.config.timeZone;
    await insertEvent(trx, user.id, {
      id,
      ...columns(form, now, zone, deps.config.timeZone),
      created_at: now.toISOString(),
    });
  });
  return getEvent(deps, user.id, id);
}

/** Editing is always allowed for the owner. A past date may be kept, not newly chosen; a zone not sent is kept. */
export async function updateOwnEvent(deps: Deps, userId: string, id: string, form: EventForm): Promise<EventDto> {
  const now = deps.clock.now();
  const existing = await findEvent(deps.db, userId, id);
  if (!existing) return fail.notFound(M.events.notFoundOrDenied);
  if (form.event_date !== existing.event_date && !isUpcoming(form.event_date, now))
    fail.badRequest(M.eventForm.datePast);
  const zone = form.time_zone ?? existing.time_zone;
  await updateEvent(deps.db, userId, id, columns(form, now, zone, deps.config.timeZone));
  return getEvent(deps, userId, id);
}

/**
 * spec §2 delete: the attendees are erased exactly as the GDPR job erases them (rows, change log, photo
 * files, WAL), and the event row goes in the same transaction.
 */
export async function removeOwnEvent(deps: Deps, userId: string, id: string) {
  const report = await eraseEvent(deps, id, {
    ownerId: userId,
    alsoInTransaction: (trx) => deleteEvent(trx, userId, id),
  });
  if (!report) return fail.notFound(M.events.notFoundOrDenied);
  return { id, deletedRegistrations: report.deleted_registrations };
}
