import path from 'node:path';
import { sql } from 'kysely';
import { openDb } from '#server/db/connection';

/** `npm run soak` sets SOAK=1: the same tests, longer and bigger (docs/reliability.md). */
export const SOAK = process.env.SOAK === '1';
export const scale = <T>(short: T, long: T): T => (SOAK ? long : short);

/** Prints the test's pass line (collected in docs/reliability.md). */
export function passLine(name: string, figures: Record<string, unknown>) {
  console.log(
    `[reliability] ${name}: ${Object.entries(figures)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}`,
  );
}

/** What a stopped server left in its database: integrity, rows, counts, photo URLs. */
export async function inspect(dataDir: string, eventId: string) {
  const db = openDb(path.join(dataDir, 'app.db'));
  try {
    const integrity = (await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(db)).rows[0]
      .integrity_check;
    const rows = await db
      .selectFrom('event_registrations')
      .select(['id', 'photo_url'])
      .where('event_id', '=', eventId)
      .execute();
    const { attendee_count } = await db
      .selectFrom('events')
      .select('attendee_count')
      .where('id', '=', eventId)
      .executeTakeFirstOrThrow();
    return { integrity, rows, attendeeCount: attendee_count };
  } finally {
    await db.destroy();
  }
}
