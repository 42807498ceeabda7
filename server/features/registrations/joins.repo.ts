import { type Kysely, sql, type Transaction } from 'kysely';
import { compiledOnce } from '../../db/compiled-once';
import type { Database } from '../../db/schema';
import { COLUMNS, type NewRegistration, type RegistrationRowOut } from './registrations.repo';

type Q = Kysely<Database> | Transaction<Database>;

// The join's own statements: what it reads before its photo work, and on PostgreSQL a whole group's
// rows in one statement (server/db/group-commit.ts).

/**
 * What a join needs to know about the event, and whether this token already joined it, in one read:
 * undefined when the event does not exist; `entry_id` set when the token has an entry (a retry).
 */
const eventForJoinStatement = compiledOnce((db: Kysely<Database>, p: { eventId: string; hash: string }) =>
  db
    .selectFrom('events')
    .leftJoin('event_registrations', (join) =>
      join
        .onRef('event_registrations.event_id', '=', 'events.id')
        .on('event_registrations.registration_token_hash', '=', p.hash),
    )
    .select([
      'events.email_required',
      'events.phone_required',
      'events.personal_data_deleted',
      'event_registrations.id as entry_id',
    ])
    .where('events.id', '=', p.eventId),
);
export async function findEventForJoin(db: Q, eventId: string, hash: string) {
  return (await eventForJoinStatement(db, { eventId, hash })).rows[0];
}

export type JoinedRow = RegistrationRowOut & { seq: number };

/**
 * PostgreSQL: a group of joins in one statement, in the group's order. Each row is inserted as
 * insertRegistration does (unless its token already joined its event, also earlier in this group, and
 * only while the event exists with its personal data kept); each event's attendee_count moves once by
 * the rows inserted for it; each inserted row gets its 'joined' change-log row, as recordChange writes
 * it. Returns the inserted rows with their seqs; the caller's transaction holds the change log's lock.
 */
export async function insertJoins(trx: Transaction<Database>, rows: NewRegistration[]): Promise<JoinedRow[]> {
  const column = <K extends keyof NewRegistration>(k: K) => rows.map((r) => r[k]);
  const returned = sql.join(COLUMNS.map((c) => sql.ref(c)));
  const result = await sql<JoinedRow>`
    WITH input AS (
      SELECT * FROM unnest(
        ${column('id')}::text[], ${column('event_id')}::text[], ${column('first_name')}::text[],
        ${column('last_name')}::text[], ${column('email')}::text[], ${column('phone')}::text[],
        ${column('headline')}::text[], ${column('photo_url')}::text[],
        ${column('registration_token_hash')}::text[], ${column('contact_visibility')}::text[],
        ${column('show_on_display')}::int[], ${column('share_in_download')}::int[], ${column('now')}::text[]
      ) WITH ORDINALITY AS i (id, event_id, first_name, last_name, email, phone, headline, photo_url,
        registration_token_hash, contact_visibility, show_on_display, share_in_download, at, ord)
    ),
    joined AS (
      INSERT INTO event_registrations (id, event_id, first_name, last_name, email, phone, headline, photo_url,
        registration_token_hash, contact_visibility, show_on_display, share_in_download, checked_in_at,
        created_at, updated_at)
      SELECT i.id, events.id, i.first_name, i.last_name, i.email, i.phone, i.headline, i.photo_url,
        i.registration_token_hash, i.contact_visibility, i.show_on_display, i.share_in_download, NULL, i.at, i.at
      FROM input i JOIN events ON events.id = i.event_id AND events.personal_data_deleted = 0
      ORDER BY i.ord
      ON CONFLICT (event_id, registration_token_hash) DO NOTHING
      RETURNING ${returned}
    ),
    counted AS (
      UPDATE events SET attendee_count = events.attendee_count + n.joined
      FROM (SELECT event_id, count(*) AS joined FROM joined GROUP BY event_id) n
      WHERE events.id = n.event_id
    ),
    logged AS (
      INSERT INTO registration_changes (event_id, registration_id, kind, created_at)
      SELECT joined.event_id, joined.id, 'joined', joined.created_at
      FROM joined JOIN input i ON i.id = joined.id
      ORDER BY i.ord
      RETURNING seq, registration_id
    )
    SELECT joined.*, logged.seq FROM joined JOIN logged ON logged.registration_id = joined.id
  `.execute(trx);
  return result.rows;
}
