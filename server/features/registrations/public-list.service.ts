import type { z } from 'zod';
import { M } from '#shared/messages';
import type { AttendeeListResponse, attendeeListSchema, RegistrationListQuery } from '#shared/schemas/registrations';
import type { Deps } from '../../deps';
import { fail } from '../../lib/errors';
import { type ListViewer, toAttendeeDto, VISITOR } from './attendee-dto';
import { connectionsOf, pinsOf } from './connections.repo';
import { toRegistrationDto } from './registration-dto';
import { countHereNow, countPublic, listPublic, searchPublic } from './registration-lists.repo';
import type { RegistrationRowOut } from './registrations.repo';
import { entryOwnedBy, openEvent } from './registrations.service';

// The public attendee list (spec §7), as each viewer may see it (docs/privacy.md), and the list response
// shape the organiser's list shares.

/**
 * spec §7 attendee list (public): pages of 10, searched (by name) and sorted by the server; none once
 * cleaned. Each entry as `viewer` may see it (docs/privacy.md). On the venue screen (`display`) only the
 * entries that chose to show there, counted.
 */
export async function listRegistrations(
  deps: Deps,
  q: RegistrationListQuery,
  viewer: ListViewer = VISITOR,
  pinned: string[] = [],
): Promise<AttendeeListResponse> {
  const event = await openEvent(deps, q.eventId);
  if (event.personal_data_deleted) return { ...listResponse([], 0, q, 0, 0), pinned };
  const offset = (q.page - 1) * q.limit;
  const hereNow = await countHereNow(deps.db, q.eventId);
  const dto = (rows: RegistrationRowOut[]) => rows.map((r) => toAttendeeDto(toRegistrationDto(r), viewer));
  // A searched page first: when it comes back short, its total needs no count (bench B5).
  if (q.search && !q.pinned?.length) {
    const found = await searchPublic(deps.db, q.eventId, { ...q, offset }, q.display);
    return { ...listResponse(dto(found.rows), found.total, q, event.attendee_count, hereNow), pinned };
  }
  // attendee_count moves with every insert and delete (spec §3) and keeps those who removed themselves:
  // the unsearched total without a count.
  const total = q.search || q.display ? await countPublic(deps.db, q.eventId, q.search, q.display) : rowsOf(event);
  // Past the last match (a search that finds nobody) there is no page to read.
  const rows = offset < total ? await listPublic(deps.db, q.eventId, { ...q, offset }, q.display) : [];
  return { ...listResponse(dto(rows), total, q, event.attendee_count, hereNow), pinned };
}

/**
 * The public list as one attendee sees it: their entry proved by the browser's token (else "Access
 * Denied"), their own pins first (kept on the server), their connections marked.
 */
export async function listAsAttendee(
  deps: Deps,
  input: z.output<typeof attendeeListSchema>,
): Promise<AttendeeListResponse> {
  const { viewer, ...q } = input;
  const me =
    (await entryOwnedBy(deps, q.eventId, viewer.registrationId, viewer.token)) ??
    fail.forbidden(M.attendees.accessDenied);
  const [pinned, connected] = await Promise.all([
    pinsOf(deps.db, q.eventId, me.id),
    connectionsOf(deps.db, q.eventId, me.id),
  ]);
  return listRegistrations(deps, { ...q, pinned }, { id: me.id, connected: new Set(connected) }, pinned);
}

/** The event's rows: attendee_count less those who removed themselves (who stay in the count). */
export const rowsOf = (e: { attendee_count: number; self_removed_count: number }) =>
  e.attendee_count - e.self_removed_count;

/**
 * spec §3 attendee list response. totalRegistrations is the event's attendee_count: the one source (it
 * keeps those who removed themselves, as it keeps the erased); the pages count the rows (`total`).
 */
export function listResponse<R>(
  registrations: R[],
  total: number,
  q: { page: number; limit: number },
  totalRegistrations: number,
  hereNowCount: number,
) {
  return {
    registrations,
    pagination: { total, page: q.page, limit: q.limit, totalPages: Math.ceil(total / q.limit) },
    totalRegistrations,
    hereNowCount,
  };
}
