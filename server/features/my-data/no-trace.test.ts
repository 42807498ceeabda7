import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { jobs } from '#server/jobs/scheduler';
import { fixedClock } from '#server/lib/clock';
import { newId } from '#server/lib/ids';
import { eventForm } from '../../../tests/helpers/factory';
import { noisePng } from '../../../tests/helpers/images';
import { watch } from '../../../tests/helpers/live-watch';
import { startTestServer, type TestServer } from '../../../tests/helpers/server';
import { onPostgres } from '../../../tests/helpers/test-db';
import { T0 } from '../../../tests/helpers/test-deps';

// "Remove me from this room", or the organiser's removal of the entry, leaves no trace: after it, none of
// the attendee's own strings (names, old
// names, e-mail, phone, headline) is in any file under DATA_DIR: the SQLite database and its WAL (rows,
// the search index, freed pages), the uploads (their photo) and the mail outbox (their follow-up and
// the one a connection got, which names them: docs/follow-up-mail.md). On PostgreSQL the
// server's files are its own (docs/privacy.md says what survives there): the rows and the photo are gone
// and the touched tables vacuumed.

let srv: TestServer;
afterEach(async () => srv?.stop());

// the event of eventForm() (Friday 27 November 2026, until 21:00, London) is followed up from Monday 21:00
const FOLLOW_UP_DUE = '2026-11-30T21:00:00.000Z';
const followUpJob = jobs.find((j) => j.name === 'follow-up-mails')!;

// Letters no hex id, hash or date holds, so a hit is the attendee's text and nothing else.
const OLD = { first_name: 'Oldqvzm', last_name: 'Hjkwqz', email: 'hjkwqz@yyqmail.example' };
const NOW = {
  first_name: 'Vjqkvjqk',
  last_name: 'Wxzpwxzp',
  email: 'vjqk.wxzp@qzvmail.example',
  phone: '07700 913579',
  headline: 'Talks about Pqrszt yonder',
};
const STRINGS = [...Object.values(OLD), ...Object.values(NOW)];
// SQLite: the search index holds the names and e-mails as case-folded trigrams (a term shares its first
// bytes with the term before it, so not every one shows whole). Three letters are too short to look for
// in the whole file (a random session id may hold them): they are looked for in the index's segments.
const OLD_TRIGRAMS = ['qvz', 'vzm', 'hjk', 'jkw', 'kwq', 'wqz', 'yyq'];
const NOW_TRIGRAMS = ['vjq', 'jqk', 'wxz', 'xzp', 'qzv'];

/** SQLite: the search index's segments, as they are stored. */
async function searchIndexBytes() {
  const { rows } = await sql<{ block: Uint8Array }>`SELECT block FROM event_registrations_search_data`.execute(
    srv.deps.db,
  );
  return Buffer.concat(rows.map((r) => Buffer.from(r.block)));
}
const inIndex = async (trigrams: string[]) => {
  const bytes = await searchIndexBytes();
  return trigrams.filter((t) => bytes.includes(t));
};

/** Every file under DATA_DIR, with its bytes (the database, its WAL, uploads, outbox, backups). */
function dataFiles(dir: string): { file: string; bytes: Buffer }[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((e) => {
    if (!e.isFile()) return [];
    const file = path.join(e.parentPath, e.name);
    return [{ file: path.relative(dir, file), bytes: fs.readFileSync(file) }];
  });
}

/** Which of `needles` some file under DATA_DIR holds, as "file: needle". */
function found(needles: string[]) {
  return dataFiles(srv.dataDir).flatMap(({ file, bytes }) =>
    needles.filter((n) => bytes.includes(n)).map((n) => `${file}: ${n}`),
  );
}

const count = async (table: 'event_registrations' | 'attendee_pins' | 'door_actions' | 'prepared_downloads') =>
  Number(
    (
      await srv.deps.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function join(eventId: string, who: { first_name: string; last_name: string; email?: string }) {
  const token = `tok-${newId()}`;
  const photo = (await noisePng(48, 48)).toString('base64');
  const r = await srv.client().trpc.registrations.join.mutate({ eventId, token, photo, ...who });
  return { ...r, token };
}

describe('an entry removed, by the attendee or by the organiser', () => {
  it.each([
    ['the attendee (remove me from this room)', 'attendee'],
    ['the organiser (delete registration)', 'organiser'],
  ] as const)(
    'by %s leaves none of the attendee’s strings in the database, its WAL, the uploads or the outbox',
    async (_, by) => {
      const clock = fixedClock(T0);
      srv = await startTestServer({ env: { TIME_ZONE: 'Europe/London' }, overrides: { clock } });
      const sqlite = !onPostgres();
      const http = await srv.signedIn('ada@example.com');
      const event = await http.trpc.events.create.mutate(eventForm());
      const keeper = await join(event.id, {
        first_name: 'Keeper',
        last_name: 'Staysalot',
        email: 'keeper@example.com',
      });
      const other = await join(event.id, { first_name: 'Other', last_name: 'Person' });
      const me = await join(event.id, OLD);
      const ref = { eventId: event.id, registrationId: me.id, token: me.token };
      // SQLite: what is written so far reaches the database file; the rest stays in the WAL: both must be cleaned
      if (sqlite) await sql`PRAGMA wal_checkpoint(PASSIVE)`.execute(srv.deps.db);
      if (sqlite) expect(await inIndex(OLD_TRIGRAMS)).not.toEqual([]); // the check can see them
      await srv.client().trpc.registrations.update.mutate({ ...ref, ...NOW, photo: null });
      const pin = (from: { id: string; token: string }, to: { id: string }) =>
        srv.client().trpc.connections.pin.mutate({
          eventId: event.id,
          viewer: { registrationId: from.id, token: from.token },
          registrationId: to.id,
        });
      for (const to of [keeper, other]) await pin(me, to);
      for (const to of [me, other]) await pin(keeper, to);
      const now = clock.now().toISOString();
      await http.trpc.door.sync.mutate({
        eventId: event.id,
        actions: [{ id: crypto.randomUUID(), registrationId: me.id, kind: 'check-in', at: now }],
      });
      const list = `${NOW.first_name},${NOW.last_name},${NOW.email},${NOW.phone}\nKeeper,Staysalot,,\n`;
      await srv.deps.preparedFiles.put(event.id, {
        bytes: Buffer.from(list),
        fileName: 'list.csv',
        contentType: 'text/csv',
      });
      // the follow-up mails: one to them, one to Keeper that names them (the outbox mailer keeps copies)
      clock.set(FOLLOW_UP_DUE);
      await followUpJob.run(srv.deps);
      const mails = fs.readdirSync(path.join(srv.dataDir, 'outbox')).filter((f) => f.includes('-attendee_'));
      expect(mails.map((f) => f.replace(/^.*_/, '')).sort()).toEqual([`${keeper.id}.eml`, `${me.id}.eml`].sort());
      expect((await fetch(`${srv.url}${me.photo_url}`)).status).toBe(200);
      const viewer = srv.client();
      const { lastEventId } = await viewer.trpc.live.cursor.query({ eventId: event.id });
      const live = watch(viewer.trpc.live.onEvent, { eventId: event.id, lastEventId });
      // the check can see what it looks for
      expect(found([NOW.email]).filter((f) => f.startsWith('outbox/'))).toHaveLength(2);
      if (sqlite) {
        for (const n of [NOW.first_name, NOW.phone, OLD.first_name]) expect(found([n]), n).not.toEqual([]);
        expect(await inIndex(NOW_TRIGRAMS)).not.toEqual([]);
      }

      if (by === 'attendee') await srv.client().trpc.myData.remove.mutate(ref);
      else await http.trpc.registrations.remove.mutate({ id: me.id });

      await live.count(1);
      expect(live.items.map((i) => i.data)).toEqual([{ kind: 'removed', id: me.id, registration: null }]);
      viewer.close();
      expect([
        await count('event_registrations'),
        await count('attendee_pins'),
        await count('door_actions'),
        await count('prepared_downloads'),
      ]).toEqual([2, 1, 0, 0]);
      expect((await fetch(`${srv.url}${me.photo_url}`)).status).toBe(404);
      expect(fs.readdirSync(path.join(srv.dataDir, 'uploads', 'photos')).sort()).toEqual(
        [path.basename(keeper.photo_url!), path.basename(other.photo_url!)].sort(),
      );
      // the strings are in no file, and (SQLite) their trigrams in no segment of the index; the others' stay
      expect(found(STRINGS)).toEqual([]);
      if (sqlite) {
        expect(await inIndex([...OLD_TRIGRAMS, ...NOW_TRIGRAMS])).toEqual([]);
        const files = dataFiles(srv.dataDir).map((f) => f.file);
        expect(files).toEqual(expect.arrayContaining(['app.db', 'app.db-wal', expect.stringMatching(/^outbox\//)]));
        expect(fs.statSync(path.join(srv.dataDir, 'app.db-wal')).size).toBe(0);
        for (const n of ['Staysalot', 'keeper@example.com']) expect(found([n]), n).not.toEqual([]);
      } else {
        await expect
          .poll(async () => {
            const r = await sql<{ last_vacuum: Date | null }>`
            SELECT last_vacuum FROM pg_stat_user_tables WHERE relname = 'event_registrations'`.execute(srv.deps.db);
            return r.rows[0]?.last_vacuum ?? null;
          })
          .not.toBeNull();
      }
    },
  );
});
