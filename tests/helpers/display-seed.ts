import crypto from 'node:crypto';
import { newId } from '#server/lib/ids';
import type { TestServer } from './server';

/** Rows straight into the database (no change log, no photo): what the display finds when it loads. */
export async function seedAttendees(server: TestServer, eventId: string, n: number, o: { headline?: string } = {}) {
  const t0 = Date.parse('2026-01-01T10:00:00Z');
  for (let i = 0; i < n; i++) {
    const at = new Date(t0 + i * 60_000).toISOString();
    await server.deps.db
      .insertInto('event_registrations')
      .values({
        id: newId(),
        event_id: eventId,
        first_name: `Guest${String(i).padStart(2, '0')}`,
        last_name: 'Seeded',
        email: null,
        phone: null,
        headline: o.headline ?? null,
        photo_url: null,
        registration_token_hash: crypto.randomBytes(32).toString('hex'),
        checked_in_at: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }
  // the count is kept with every join (issue 7 "counts never drift"): raw rows keep it too
  await server.deps.db
    .updateTable('events')
    .set((eb) => ({ attendee_count: eb('attendee_count', '+', n) }))
    .where('id', '=', eventId)
    .execute();
}
