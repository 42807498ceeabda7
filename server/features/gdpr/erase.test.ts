import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { deleteEvent } from '#server/features/events/events.repo';
import { jobs, startScheduler } from '#server/jobs/scheduler';
import { fixedClock } from '#server/lib/clock';
import { newId } from '#server/lib/ids';
import { GDPR } from '#shared/constants';
import { M } from '#shared/messages';
import { eventForm } from '../../../tests/helpers/factory';
import { noisePng } from '../../../tests/helpers/images';
import { startTestServer, type TestServer } from '../../../tests/helpers/server';
import { onPostgres } from '../../../tests/helpers/test-db';
import { T0 } from '../../../tests/helpers/test-deps';
import { backupsDir, pruneBackups } from './backups';
import { eraseEvent } from './erase';

// Issue 7 scope 9, spec §9: two working days after the event's end nothing personal is left of its
// attendees: not in rows, the change log, the database file or its WAL, the uploads, or a backup
// older than GDPR.BACKUP_KEEP_MS.

let srv: TestServer;
let clock: ReturnType<typeof fixedClock>;
afterEach(async () => srv?.stop());

const password = 'Str0ng!Pass';

async function start() {
  clock = fixedClock(T0); // Sunday 22 November 2026, 12:00 UTC
  srv = await startTestServer({ overrides: { clock } });
}

const organiser = (email = 'ada@example.com') => srv.signedIn(email, password);

/** Joins through the real procedure: a photo file under uploads/photos, the count and the log move with it. */
async function join(eventId: string, first_name: string, last_name = 'Quuxley') {
  const c = srv.client();
  const photo = (await noisePng(48, 48)).toString('base64');
  const email = `${first_name.toLowerCase()}.${last_name.toLowerCase()}@example.com`;
  const token = `tok-${newId()}`;
  return c.trpc.registrations.join.mutate({
    eventId,
    token,
    photo,
    first_name,
    last_name,
    email,
    phone: '07700 900123',
    headline: `${first_name} ${last_name} talks about llamas`,
  });
}

const count = async (table: 'event_registrations' | 'registration_changes', eventId: string) =>
  Number(
    (
      await srv.deps.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('event_id', '=', eventId)
        .executeTakeFirstOrThrow()
    ).n,
  );

const eventRow = (id: string) =>
  srv.deps.db
    .selectFrom('events')
    .select(['personal_data_deleted', 'attendee_count', 'scheduled_deletion_date'])
    .where('id', '=', id)
    .executeTakeFirst();

const gdprJob = jobs.find((j) => j.name === 'gdpr-erase')!;

function dbBytes() {
  const file = path.join(srv.dataDir, 'app.db');
  const wal = `${file}-wal`;
  return Buffer.concat([fs.readFileSync(file), fs.existsSync(wal) ? fs.readFileSync(wal) : Buffer.alloc(0)]);
}

describe('the gdpr-erase job (spec §9: two working days after the end, keeping the time of day)', () => {
  it('across a weekend: an event ending Friday 21:00 is erased on Tuesday at 21:00, not a second before', async () => {
    await start();
    const http = await organiser();
    const event = await http.trpc.events.create.mutate(eventForm({ event_date: '2026-11-27', end_time: '21:00' }));
    await join(event.id, 'Zebedee');
    expect((await eventRow(event.id))?.scheduled_deletion_date).toBe('2026-12-01T21:00:00.000Z');

    clock.set('2026-11-30T21:00:00.000Z'); // Monday: only one working day has passed
    await gdprJob.run(srv.deps);
    clock.set('2026-12-01T20:59:59.000Z');
    await gdprJob.run(srv.deps);
    expect(await eventRow(event.id)).toMatchObject({ personal_data_deleted: 0 });
    expect(await count('event_registrations', event.id)).toBe(1);

    clock.set('2026-12-01T21:00:00.000Z');
    await gdprJob.run(srv.deps);
    expect(await eventRow(event.id)).toMatchObject({ personal_data_deleted: 1, attendee_count: 1 });
    expect(await count('event_registrations', event.id)).toBe(0);
  });

  it('a server that was down across the deadline erases at its next start; events not yet due are kept', async () => {
    await start();
    const http = await organiser();
    const past = await http.trpc.events.create.mutate(eventForm({ name: 'Past', event_date: '2026-11-23' }));
    const later = await http.trpc.events.create.mutate(eventForm({ name: 'Later', event_date: '2026-12-20' }));
    await join(past.id, 'Zebedee');
    await join(later.id, 'Yolanda');

    clock.set('2026-12-09T08:00:00.000Z'); // weeks later, as the server comes back
    const stop = startScheduler(srv.deps, [gdprJob]);
    await stop.firstRun;
    stop();

    expect(await eventRow(past.id)).toMatchObject({ personal_data_deleted: 1, attendee_count: 1 });
    expect(await count('event_registrations', past.id)).toBe(0);
    expect(await eventRow(later.id)).toMatchObject({ personal_data_deleted: 0 });
    expect(await count('event_registrations', later.id)).toBe(1);
  });
});

describe('erasing an event', () => {
  it('leaves no rows, no log, no photo files and no personal string in the database file or its WAL', async () => {
    await start();
    const http = await organiser();
    const event = await http.trpc.events.create.mutate(eventForm());
    const kept = await http.trpc.events.create.mutate(eventForm({ name: 'Another night' }));
    const joined = [await join(event.id, 'Zebedee'), await join(event.id, 'Zebulon'), await join(event.id, 'Zelda')];
    const other = await join(kept.id, 'Keeper', 'Staysalot');
    await http.trpc.registrations.checkIn.mutate({ id: joined[0].id });
    const photoUrls = joined.map((r) => r.photo_url!);
    for (const url of photoUrls) expect((await fetch(`${srv.url}${url}`)).status).toBe(200);
    // SQLite: half of the rows reach the database file, the rest stay in the WAL: both must be cleaned.
    // (On PostgreSQL the server's files are its own: README "Where data lives" says what survives.)
    const sqliteFile = !onPostgres();
    if (sqliteFile) await sql`PRAGMA wal_checkpoint(PASSIVE)`.execute(srv.deps.db);
    await join(event.id, 'Zenobia');
    if (sqliteFile) expect(dbBytes().includes('Quuxley')).toBe(true); // the check below can see the string

    const report = await http.trpc.gdpr.cleanupNow.mutate({ eventId: event.id });

    expect(report).toEqual({ processed_events: 1, deleted_registrations: 4 });
    expect(M.success.cleanupReport(report.processed_events, report.deleted_registrations)).toBe(
      'Processed 1 event and removed 4 personal records.',
    );
    expect(await count('event_registrations', event.id)).toBe(0);
    expect(await count('registration_changes', event.id)).toBe(0);
    expect(await eventRow(event.id)).toMatchObject({ personal_data_deleted: 1, attendee_count: 4 });
    for (const url of photoUrls) expect((await fetch(`${srv.url}${url}`)).status).toBe(404);
    const photosLeft = fs.readdirSync(path.join(srv.dataDir, 'uploads', 'photos'));
    expect(photosLeft).toEqual([path.basename(other.photo_url!)]);
    if (sqliteFile) {
      const bytes = dbBytes();
      for (const s of ['Quuxley', 'Zebedee', 'Zelda', 'zebulon.quuxley@example.com', 'Quuxley talks about llamas']) {
        expect(bytes.includes(s), s).toBe(false);
      }
      expect(bytes.includes('Staysalot')).toBe(true);
    }
    // The other event is untouched.
    expect(await count('event_registrations', kept.id)).toBe(1);
    expect((await fetch(`${srv.url}${other.photo_url}`)).status).toBe(200);
  });

  it('"Delete Attendee Data Now" is the owner’s alone', async () => {
    await start();
    const http = await organiser();
    const event = await http.trpc.events.create.mutate(eventForm());
    await join(event.id, 'Zebedee');
    const mallory = await organiser('mallory@example.com');
    const anonymous = srv.client();

    await expect(mallory.trpc.gdpr.cleanupNow.mutate({ eventId: event.id })).rejects.toMatchObject({
      data: { code: 'NOT_FOUND' },
      message: M.events.notFoundOrDenied,
    });
    await expect(anonymous.trpc.gdpr.cleanupNow.mutate({ eventId: event.id })).rejects.toMatchObject({
      data: { code: 'UNAUTHORIZED' },
    });
    expect(await count('event_registrations', event.id)).toBe(1);

    expect(await http.trpc.gdpr.cleanupNow.mutate({ eventId: event.id })).toEqual({
      processed_events: 1,
      deleted_registrations: 1,
    });
    // Joining an erased event is refused, so the list stays empty.
    await expect(join(event.id, 'Zebedee', 'Again')).rejects.toMatchObject({ data: { code: 'FORBIDDEN' } });
  });

  it('deleting the event erases the same way, in the same transaction (the hook events.service uses)', async () => {
    await start();
    const http = await organiser();
    const event = await http.trpc.events.create.mutate(eventForm());
    const r = await join(event.id, 'Zebedee');
    const owner = (await srv.deps.db.selectFrom('events').select('user_id').executeTakeFirstOrThrow()).user_id;

    const report = await eraseEvent(srv.deps, event.id, {
      ownerId: owner,
      alsoInTransaction: (trx) => deleteEvent(trx, owner, event.id),
    });

    expect(report).toEqual({ processed_events: 1, deleted_registrations: 1 });
    expect(await eventRow(event.id)).toBeUndefined();
    expect(await count('registration_changes', event.id)).toBe(0);
    expect((await fetch(`${srv.url}${r.photo_url}`)).status).toBe(404);
    if (!onPostgres()) expect(dbBytes().includes('Quuxley')).toBe(false);
    expect(await eraseEvent(srv.deps, event.id)).toBeUndefined();
  });
});

describe('backups', () => {
  it(`copies in DATA_DIR/backups/ older than ${GDPR.BACKUP_KEEP_MS / 86_400_000} days are deleted by the job`, async () => {
    await start();
    const dir = backupsDir(srv.dataDir);
    fs.mkdirSync(dir, { recursive: true });
    const at = (name: string, ageMs: number) => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, 'copy');
      const t = new Date(clock.now().getTime() - ageMs);
      fs.utimesSync(file, t, t);
    };
    at('app-old.db', GDPR.BACKUP_KEEP_MS + 1_000);
    at('app-old-before-0003.db', GDPR.BACKUP_KEEP_MS + 86_400_000);
    at('app-recent.db', GDPR.BACKUP_KEEP_MS - 60_000);
    at('notes.txt', GDPR.BACKUP_KEEP_MS * 2); // not a backup: the operator's

    await gdprJob.run(srv.deps);
    expect(fs.readdirSync(dir).sort()).toEqual(['app-recent.db', 'notes.txt']);

    clock.advance(2 * 60_000);
    expect(await pruneBackups(srv.deps)).toEqual(['app-recent.db']);
  });
});
