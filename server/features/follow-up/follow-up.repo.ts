import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import { isPostgres } from '../../db/dialect';
import type { Database } from '../../db/schema';

type Q = Kysely<Database> | Transaction<Database>;

// The follow-up mail's state (docs/follow-up-mail.md). A claim is one statement that also checks the
// event still holds its data, so nothing is claimed once an erasure has committed; an erasure deletes
// these rows (with the registrations), so a claim and an erasure meet on the row and one waits for the
// other (SQLite runs one transaction at a time anyway). On PostgreSQL the planner skips entries being
// deleted instead of waiting for them, and a claim waits only for its own row: neither holds a lock an
// erasure or a removal waits for while it waits itself.

/** The event still holds its attendees and its erasure has not come yet. */
const openEvent = (eb: ExpressionBuilder<Database, 'follow_up_mails'>, nowIso: string) =>
  eb.exists(
    eb
      .selectFrom('events')
      .select('events.id')
      .whereRef('events.id', '=', 'follow_up_mails.event_id')
      .where('events.personal_data_deleted', '=', 0)
      .where('events.scheduled_deletion_date', '>', nowIso),
  );

/** Events whose erasure comes after `nowIso` and by `untilIso`, with what says when their mail is due. */
export function eventsNearErasure(db: Q, nowIso: string, untilIso: string) {
  return db
    .selectFrom('events')
    .select(['id', 'scheduled_deletion_date', 'time_zone'])
    .where('personal_data_deleted', '=', 0)
    .where('scheduled_deletion_date', '>', nowIso)
    .where('scheduled_deletion_date', '<=', untilIso)
    .orderBy('scheduled_deletion_date', 'asc')
    .$narrowType<{ scheduled_deletion_date: string }>()
    .execute();
}

/**
 * A pending row for every attendee of the event who gave an e-mail and has a connection, unless they
 * have one already (each is mailed once). PostgreSQL: an entry an erasure or a removal is deleting is
 * skipped rather than waited for (the foreign key's check would otherwise wait for it while holding the
 * entries before it, which that erasure may be waiting for).
 */
export async function planFollowUps(db: Q, eventId: string, nowIso: string) {
  await db
    .insertInto('follow_up_mails')
    .columns(['registration_id', 'event_id', 'status', 'next_attempt_at'])
    .expression((eb) =>
      eb
        .selectFrom('event_registrations as r')
        .innerJoin('events as e', 'e.id', 'r.event_id')
        .select(['r.id', 'r.event_id', eb.val('pending').as('status'), eb.val(nowIso).as('next_attempt_at')])
        .where('r.event_id', '=', eventId)
        .where('r.email', 'is not', null)
        .where('r.email', '!=', '')
        .where('e.personal_data_deleted', '=', 0)
        .where('e.scheduled_deletion_date', '>', nowIso)
        .where((w) =>
          w.exists(
            w
              .selectFrom('attendee_pins as mine')
              .innerJoin('attendee_pins as theirs', (join) =>
                join.onRef('theirs.pinner_id', '=', 'mine.pinned_id').onRef('theirs.pinned_id', '=', 'mine.pinner_id'),
              )
              .select('mine.pinned_id')
              .whereRef('mine.pinner_id', '=', 'r.id'),
          ),
        )
        // a row there already (perhaps being deleted by an erasure) is not touched, so never waited for
        .where((w) =>
          w.not(
            w.exists(
              w
                .selectFrom('follow_up_mails as f')
                .select('f.registration_id')
                .whereRef('f.registration_id', '=', 'r.id'),
            ),
          ),
        )
        .orderBy('r.id')
        .$if(isPostgres(db), (q) => q.forKeyShare('r').skipLocked()),
    )
    .onConflict((oc) => oc.column('registration_id').doNothing())
    .execute();
}

/** The event's rows to try now, oldest first: pending ones due, and claims that ran out (a process died). */
export async function dueFollowUps(db: Q, eventId: string, nowIso: string, maxAttempts: number) {
  const rows = await db
    .selectFrom('follow_up_mails')
    .select('registration_id')
    .where('event_id', '=', eventId)
    .where('status', 'in', ['pending', 'sending'])
    .where('next_attempt_at', '<=', nowIso)
    .where('attempts', '<', maxAttempts)
    .orderBy('next_attempt_at', 'asc')
    .orderBy('registration_id', 'asc')
    .execute();
  return rows.map((r) => r.registration_id);
}

/**
 * Claims one row for sending until `untilIso`, in the same statement that checks the event still holds
 * its data. Returns the attempt this is (1 for the first), or undefined when another process has it, it
 * is not due, or the event is erased or past its erasure time.
 */
export async function claimFollowUp(
  trx: Q,
  registrationId: string,
  o: { nowIso: string; untilIso: string; maxAttempts: number },
) {
  const row = await trx
    .updateTable('follow_up_mails')
    .set((eb) => ({ status: 'sending', attempts: eb(eb.ref('attempts'), '+', 1), next_attempt_at: o.untilIso }))
    .where('registration_id', '=', registrationId)
    .where('status', 'in', ['pending', 'sending'])
    .where('next_attempt_at', '<=', o.nowIso)
    .where('attempts', '<', o.maxAttempts)
    .where((eb) => openEvent(eb, o.nowIso))
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts;
}

/** A claimed row goes back to waiting without counting the attempt (nothing to send just now). */
export async function postponeFollowUp(trx: Q, registrationId: string, nextIso: string) {
  await trx
    .updateTable('follow_up_mails')
    .set((eb) => ({ status: 'pending', attempts: eb(eb.ref('attempts'), '-', 1), next_attempt_at: nextIso }))
    .where('registration_id', '=', registrationId)
    .where('status', '=', 'sending')
    .execute();
}

/** The send failed: try again at `nextIso`, or give up (`failed`) after the last attempt. */
export async function failFollowUp(db: Q, registrationId: string, status: 'pending' | 'failed', nextIso: string) {
  await db
    .updateTable('follow_up_mails')
    .set({ status, next_attempt_at: nextIso })
    .where('registration_id', '=', registrationId)
    .where('status', '=', 'sending')
    .execute();
}

/** False when the row has gone meanwhile (the event was erased, or the attendee removed themselves). */
export async function markFollowUpSent(db: Q, registrationId: string, nowIso: string): Promise<boolean> {
  const r = await db
    .updateTable('follow_up_mails')
    .set({ status: 'sent', sent_at: nowIso })
    .where('registration_id', '=', registrationId)
    .where('status', '=', 'sending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** What the mail says about the event. */
export function followUpEvent(db: Q, eventId: string) {
  return db
    .selectFrom('events')
    .select(['id', 'name', 'event_date', 'scheduled_deletion_date', 'time_zone'])
    .where('id', '=', eventId)
    .where('personal_data_deleted', '=', 0)
    .$narrowType<{ scheduled_deletion_date: string }>()
    .executeTakeFirst();
}

/** The attendee the mail goes to. */
export function followUpRecipient(db: Q, eventId: string, registrationId: string) {
  return db
    .selectFrom('event_registrations')
    .select(['id', 'first_name', 'email'])
    .where('event_id', '=', eventId)
    .where('id', '=', registrationId)
    .executeTakeFirst();
}

/** How many of `ids` are still entries of the event, with its data kept. */
export async function countPresent(db: Q, eventId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const r = await db
    .selectFrom('event_registrations as r')
    .innerJoin('events as e', 'e.id', 'r.event_id')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('r.event_id', '=', eventId)
    .where('r.id', 'in', ids)
    .where('e.personal_data_deleted', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
