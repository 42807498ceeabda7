import type { Db } from '#server/db/connection';
import { newId } from '#server/lib/ids';

const FIRST = [
  'Ada',
  'Alan',
  'Grace',
  'Linus',
  'Margaret',
  'Ken',
  'Barbara',
  'Dennis',
  'Frances',
  'John',
  'Radia',
  'Tim',
  'Hedy',
  'Edsger',
  'Annie',
  'Niklaus',
  'Karen',
  'Donald',
  'Sophie',
  'Guido',
];
const LAST = [
  'Lovelace',
  'Turing',
  'Hopper',
  'Torvalds',
  'Hamilton',
  'Thompson',
  'Liskov',
  'Ritchie',
  'Allen',
  'Backus',
  'Perlman',
  'Berners-Lee',
  'Lamarr',
  'Dijkstra',
  'Easley',
  'Wirth',
  'Jones',
  'Knuth',
  'Wilson',
  'van Rossum',
];
const CHUNK = 500; // 12 columns a row: well under SQLite's 32,766 bound variables

/**
 * `n` registrations of one event in one transaction (no photos, no change log), with attendee_count
 * moved as joins move it. Names repeat the way real ones do; e-mails are unique; created_at spreads
 * over `n` seconds, a few rows sharing a millisecond (the rowid tiebreak is then exercised).
 */
export async function seedAttendees(db: Db, eventId: string, n: number, start = Date.UTC(2026, 5, 1, 9)) {
  await db.transaction().execute(async (trx) => {
    for (let from = 0; from < n; from += CHUNK) {
      const rows = [];
      for (let i = from; i < Math.min(n, from + CHUNK); i++) {
        const first = FIRST[i % FIRST.length];
        const last = LAST[Math.floor(i / FIRST.length) % LAST.length];
        const at = new Date(start + Math.floor(i / 3) * 3_000 + (i % 3 === 2 ? 0 : i % 3)).toISOString();
        rows.push({
          id: newId(),
          event_id: eventId,
          first_name: first,
          last_name: last,
          email: i % 4 === 0 ? null : `${first}.${last}.${i}@example.org`.toLowerCase(),
          phone: null,
          headline: i % 2 ? 'Engineer' : null,
          photo_url: null,
          registration_token_hash: `bench-${newId()}`,
          checked_in_at: i % 5 === 0 ? at : null,
          created_at: at,
          updated_at: at,
        });
      }
      await trx.insertInto('event_registrations').values(rows).execute();
    }
    await trx
      .updateTable('events')
      .set((eb) => ({ attendee_count: eb(eb.ref('attendee_count'), '+', n) }))
      .where('id', '=', eventId)
      .execute();
  });
}
