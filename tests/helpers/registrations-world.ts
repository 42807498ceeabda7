import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterEach, beforeAll, beforeEach } from 'vitest';
import type { JoinInput } from '#shared/schemas/registrations';
import { isPostgres } from '../../server/db/dialect';
import { eventForm, giveMembership, makeUser } from './factory';
import { browser, makeTestDeps } from './test-deps';

// The registrations procedure tests' world: a fresh in-memory database per test with a real DATA_DIR for
// photo files, two organisers with memberships, and helpers. `s` is refilled before every test.

type T = Awaited<ReturnType<typeof makeTestDeps>>;
type U = Awaited<ReturnType<typeof makeUser>>;

export const s = {} as { t: T; dir: string; ada: U; bob: U; tinyPhoto: string; gpsPhoto: string };

/** Registers the hooks; call once at the top of a test file. */
export function setUpRegistrationsWorld() {
  beforeAll(async () => {
    const solid = sharp({ create: { width: 8, height: 8, channels: 3, background: '#369' } });
    s.tinyPhoto = (await solid.jpeg().toBuffer()).toString('base64');
    s.gpsPhoto = (
      await sharp({ create: { width: 40, height: 30, channels: 3, background: '#963' } })
        .jpeg()
        .withExif({ IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 1234/100' } })
        .toBuffer()
    ).toString('base64');
  });
  beforeEach(async () => {
    s.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roomlist-registrations-'));
    s.t = await makeTestDeps({ DATA_DIR: s.dir });
    await makeUser(s.t, 'admin@example.com'); // the first account is the admin
    s.ada = await makeUser(s.t, 'ada@example.com');
    s.bob = await makeUser(s.t, 'bob@example.com');
    await giveMembership(s.t, s.ada.id, 'annual');
    await giveMembership(s.t, s.bob.id, 'annual');
  });
  afterEach(() => fs.rmSync(s.dir, { recursive: true, force: true }));
}

export const anon = (ip = '203.0.113.50') => {
  const b = browser(s.t.deps, ip);
  return async () => (await b.call()).registrations;
};
export const organiser = async (u: U) => (await u.call()).registrations;
export const newEvent = async (u: U, o: Parameters<typeof eventForm>[0] = {}) =>
  (await u.call()).events.create(eventForm(o));
export const token = () => crypto.randomUUID();
export const joinInput = (eventId: string, o: Partial<JoinInput> = {}): JoinInput => ({
  eventId,
  token: token(),
  first_name: 'Grace',
  last_name: 'Hopper',
  email: '',
  phone: '',
  headline: '',
  photo: s.tinyPhoto,
  ...o,
});
export const photoFiles = () => {
  const d = path.join(s.dir, 'uploads', 'photos');
  return fs.existsSync(d) ? fs.readdirSync(d) : [];
};
export const rowCount = async (eventId: string) =>
  Number(
    (
      await s.t.db
        .selectFrom('event_registrations')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('event_id', '=', eventId)
        .executeTakeFirstOrThrow()
    ).n,
  );
export const attendeeCount = async (eventId: string) =>
  (await s.t.db.selectFrom('events').select('attendee_count').where('id', '=', eventId).executeTakeFirstOrThrow())
    .attendee_count;
export const changes = (eventId: string) =>
  s.t.db
    .selectFrom('registration_changes')
    .select(['seq', 'event_id', 'registration_id', 'kind'])
    .where('event_id', '=', eventId)
    .orderBy('seq')
    .execute();
export const eraseFlag = (eventId: string) =>
  s.t.db.updateTable('events').set({ personal_data_deleted: 1 }).where('id', '=', eventId).execute();

/**
 * Holds every photo write until `n` are done, then lets them go on together, so those joins reach the
 * group commit in the same turn; `meanwhile` runs first. Counts the transactions begun, and keeps the
 * photo files written and their URLs in the order their joins went on to the group.
 */
export function joinTogether(n: number, meanwhile: () => Promise<unknown> = async () => {}) {
  const counted = { transactions: 0, written: 0, order: [] as string[] };
  const storage = s.t.deps.storage;
  const putOwned = storage.putOwned.bind(storage);
  let release = () => {};
  const together = new Promise<void>((resolve) => {
    release = resolve;
  });
  storage.putOwned = async (...args) => {
    const url = await putOwned(...args);
    if (++counted.written === n) await meanwhile().then(release);
    await together;
    counted.order.push(url);
    return url;
  };
  const db = s.t.db;
  const startTransaction = db.startTransaction.bind(db);
  db.startTransaction = () => {
    counted.transactions += 1;
    return startTransaction();
  };
  return counted;
}

/** A trigger that refuses the row of anyone named Boom, made for the test on the real database. */
export async function refuseBoom() {
  if (isPostgres(s.t.db)) {
    await sql`CREATE FUNCTION refuse_boom() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.first_name = 'Boom' THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$`.execute(s.t.db);
    await sql`CREATE TRIGGER refuse_boom BEFORE INSERT ON event_registrations
      FOR EACH ROW EXECUTE FUNCTION refuse_boom()`.execute(s.t.db);
  } else {
    await sql`CREATE TRIGGER refuse_boom BEFORE INSERT ON event_registrations WHEN NEW.first_name = 'Boom'
      BEGIN SELECT RAISE(ABORT, 'refused'); END`.execute(s.t.db);
  }
}
