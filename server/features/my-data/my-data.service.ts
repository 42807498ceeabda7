import type { z } from 'zod';
import { M } from '#shared/messages';
import type { MyData, myDataRequestSchema } from '#shared/schemas/my-data';
import type { Deps } from '../../deps';
import { fail } from '../../lib/errors';
import { sha256Hex } from '../../lib/ids';
import { changeTransaction, recordChange } from '../changes/changes.repo';
import { clearEntryAfterCommit, deleteEntryTraces } from '../gdpr/entry-removal';
import { reachesConnections } from '../registrations/attendee-dto';
import { connectedPeople } from '../registrations/connections.repo';
import { findPublicEvent } from '../registrations/registrations.repo';
import { entryOwnedBy } from '../registrations/registrations.service';
import { withSearchEntriesErased } from '../registrations/search-index.repo';
import { countSelfRemoval, deleteOwnEntry, pinnedPeople } from './my-data.repo';

// An attendee's own copy of their data and their own removal (docs/privacy.md). Public: the proof is the
// browser's registration token, as for editing the entry.

type Request = z.output<typeof myDataRequestSchema>;

/** The entry when the token owns it; otherwise "Access Denied", whatever the reason (no such entry too). */
async function owned(deps: Deps, r: Request) {
  return (await entryOwnedBy(deps, r.eventId, r.registrationId, r.token)) ?? fail.forbidden(M.attendees.accessDenied);
}

/** "Download my data": the entry, the choices, the pins and the connections' shared contacts. */
export async function myData(deps: Deps, r: Request): Promise<MyData> {
  const entry = await owned(deps, r);
  const event = (await findPublicEvent(deps.db, r.eventId)) ?? fail.forbidden(M.attendees.accessDenied);
  const pins = await pinnedPeople(deps.db, r.eventId, entry.id);
  const connections = await connectedPeople(deps.db, r.eventId, entry.id);
  return {
    exported_at: deps.clock.now().toISOString(),
    event: {
      id: event.id,
      name: event.name,
      venue: event.venue,
      city: event.city,
      event_date: event.event_date,
      start_time: event.start_time,
      end_time: event.end_time,
      scheduled_deletion_date: event.scheduled_deletion_date,
    },
    entry: {
      id: entry.id,
      first_name: entry.first_name,
      last_name: entry.last_name,
      email: entry.email,
      phone: entry.phone,
      headline: entry.headline,
      photo_url: entry.photo_url,
      checked_in_at: entry.checked_in_at,
      checked_out_at: entry.checked_out_at,
      created_at: entry.created_at,
      updated_at: entry.updated_at,
    },
    choices: {
      contact_visibility: entry.contact_visibility,
      show_on_display: entry.show_on_display === 1,
      share_in_download: entry.share_in_download === 1,
    },
    pins: pins.map((p) => ({ id: p.id, first_name: p.first_name, last_name: p.last_name, pinned_at: p.pinned_at })),
    connections: connections.map((c) => {
      const shared = reachesConnections(c.contact_visibility);
      return {
        id: c.id,
        first_name: c.first_name,
        last_name: c.last_name,
        headline: c.headline,
        email: shared ? c.email : null,
        phone: shared ? c.phone : null,
      };
    }),
  };
}

/**
 * "Remove me from this room": the entry, its pins and the others' pins of it (cascade), its door
 * actions and the event's prepared download files (whole lists that hold it) go in one transaction with
 * a `removed` change, so every screen drops it live. attendee_count keeps it, as after the erasure;
 * self_removed_count tells the lists how many rows that count no longer has. After commit: the photo,
 * the mail kept for the attendee, and what the database files keep of the deleted rows.
 */
export async function removeMe(deps: Deps, r: Request) {
  await owned(deps, r);
  const now = deps.clock.now().toISOString();
  const tokenHash = sha256Hex(r.token);
  const committed = await changeTransaction(deps.db, async (trx) => {
    const gone = await withSearchEntriesErased(trx, () =>
      deleteOwnEntry(trx, { eventId: r.eventId, id: r.registrationId, tokenHash }),
    );
    if (!gone) return undefined;
    await countSelfRemoval(trx, gone.event_id);
    await deleteEntryTraces(trx, gone);
    const change = await recordChange(trx, { event_id: gone.event_id, registration_id: gone.id, kind: 'removed', now });
    return { gone, change };
  });
  // removed or erased meanwhile (or the token changed hands): nothing of theirs is left to remove
  if (!committed) return fail.forbidden(M.attendees.accessDenied);
  deps.bus.publish([committed.change]);
  const { gone } = committed;
  await clearEntryAfterCommit(deps, gone);
  deps.log.info({ eventId: gone.event_id, registrationId: gone.id }, 'attendee removed themselves');
  return { id: gone.id, event_id: gone.event_id };
}
