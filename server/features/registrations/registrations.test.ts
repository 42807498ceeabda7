import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ATTENDEES } from '#shared/constants';
import { M } from '#shared/messages';
import type { JoinInput } from '#shared/schemas/registrations';
import { PHOTO_MESSAGES } from '#shared/schemas/registrations';
import { eventForm, giveMembership, makeUser, rejection } from '../../../tests/helpers/factory';
import { browser, makeTestDeps } from '../../../tests/helpers/test-deps';
import type { Change } from '../live/bus';

type T = Awaited<ReturnType<typeof makeTestDeps>>;
type U = Awaited<ReturnType<typeof makeUser>>;

let t: T;
let dir: string;
let ada: U;
let bob: U;
let tinyPhoto: string;
let gpsPhoto: string;

beforeAll(async () => {
  const solid = sharp({ create: { width: 8, height: 8, channels: 3, background: '#369' } });
  tinyPhoto = (await solid.jpeg().toBuffer()).toString('base64');
  gpsPhoto = (
    await sharp({ create: { width: 40, height: 30, channels: 3, background: '#963' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 1234/100' } })
      .toBuffer()
  ).toString('base64');
});

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roomlist-registrations-'));
  t = await makeTestDeps({ DATA_DIR: dir });
  await makeUser(t, 'admin@example.com'); // the first account is the admin
  ada = await makeUser(t, 'ada@example.com');
  bob = await makeUser(t, 'bob@example.com');
  await giveMembership(t, ada.id, 'annual');
  await giveMembership(t, bob.id, 'annual');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const anon = (ip = '203.0.113.50') => {
  const b = browser(t.deps, ip);
  return async () => (await b.call()).registrations;
};
const organizer = async (u: U) => (await u.call()).registrations;
const newEvent = async (u: U, o: Parameters<typeof eventForm>[0] = {}) => (await u.call()).events.create(eventForm(o));
const token = () => crypto.randomUUID();
const joinInput = (eventId: string, o: Partial<JoinInput> = {}): JoinInput => ({
  eventId,
  token: token(),
  first_name: 'Grace',
  last_name: 'Hopper',
  email: '',
  phone: '',
  headline: '',
  photo: tinyPhoto,
  ...o,
});
const photoFiles = () => {
  const d = path.join(dir, 'uploads', 'photos');
  return fs.existsSync(d) ? fs.readdirSync(d) : [];
};
const rowCount = async (eventId: string) =>
  Number(
    (
      await t.db
        .selectFrom('event_registrations')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('event_id', '=', eventId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const attendeeCount = async (eventId: string) =>
  (await t.db.selectFrom('events').select('attendee_count').where('id', '=', eventId).executeTakeFirstOrThrow())
    .attendee_count;
const changes = (eventId: string) =>
  t.db
    .selectFrom('registration_changes')
    .select(['seq', 'event_id', 'registration_id', 'kind'])
    .where('event_id', '=', eventId)
    .orderBy('seq')
    .execute();
const eraseFlag = (eventId: string) =>
  t.db.updateTable('events').set({ personal_data_deleted: 1 }).where('id', '=', eventId).execute();

describe('registrations.event (public)', () => {
  it('gives the public pages what they need, without the owner', async () => {
    const e = await newEvent(ada, { email_required: true, sponsor_enabled: true, download_enabled: true });
    const got = await (await anon()()).event({ eventId: e.id });
    expect(got).toMatchObject({
      id: e.id,
      name: 'Tech Night',
      venue: 'The Hall',
      city: 'Leeds',
      event_date: '2026-11-27',
      start_time: '18:00',
      end_time: '21:00',
      email_required: true,
      phone_required: false,
      sponsor_enabled: true,
      download_enabled: true,
      download_formats: ['csv'],
      personal_data_deleted: false,
      attendee_count: 0,
      scheduled_deletion_date: e.scheduled_deletion_date,
    });
    expect(got).not.toHaveProperty('user_id');
    expect(JSON.stringify(got)).not.toContain(ada.id);
  });

  it('says "Event not found" for a missing event', async () => {
    expect(await rejection((await anon()()).event({ eventId: crypto.randomUUID() }))).toEqual({
      code: 'NOT_FOUND',
      message: M.events.notFound,
    });
  });
});

describe('registrations.join (spec §5)', () => {
  it('stores the entry, its own photo file, the count and the change, then publishes it', async () => {
    const e = await newEvent(ada);
    const published: Change[] = [];
    t.deps.bus.subscribe(e.id, (c) => published.push(c));
    const r = await (await anon()()).join(joinInput(e.id, { email: 'Grace@Navy.mil', headline: ' Admiral ' }));
    expect(r).toEqual({
      id: r.id,
      event_id: e.id,
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace@navy.mil',
      phone: null,
      headline: 'Admiral',
      photo_url: expect.stringMatching(new RegExp(`^/uploads/photos/${r.id}-[a-z0-9]{24}\\.jpg$`)),
      checked_in_at: null,
      created_at: t.clock.now().toISOString(),
      updated_at: t.clock.now().toISOString(),
    });
    expect(photoFiles()).toEqual([path.basename(r.photo_url!)]);
    const file = path.join(dir, r.photo_url!);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect((await sharp(fs.readFileSync(file)).metadata()).format).toBe('jpeg');
    expect(await attendeeCount(e.id)).toBe(1);
    const log = await changes(e.id);
    expect(log).toEqual([{ seq: log[0].seq, event_id: e.id, registration_id: r.id, kind: 'joined' }]);
    expect(published).toEqual(log);
    // the row holds a hash of the token, never the token
    const row = await t.db
      .selectFrom('event_registrations')
      .selectAll()
      .where('id', '=', r.id)
      .executeTakeFirstOrThrow();
    expect(row.registration_token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('strips the GPS position (and all EXIF) from the photo', async () => {
    const e = await newEvent(ada);
    expect(Buffer.from(gpsPhoto, 'base64').includes('PhoneCo')).toBe(true);
    const r = await (await anon()()).join(joinInput(e.id, { photo: gpsPhoto }));
    const stored = fs.readFileSync(path.join(dir, r.photo_url!));
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    expect(stored.includes('PhoneCo')).toBe(false);
  });

  it.each([
    ['a blank first name', { first_name: '' }, M.attendees.firstNameInvalid],
    ['a first name with <', { first_name: 'Gr<ace' }, M.attendees.firstNameInvalid],
    ['a blank last name', { last_name: ' ' }, M.attendees.lastNameInvalid],
    ['no photo', { photo: '' }, M.attendees.photoRequired],
    ['a bad e-mail', { email: 'grace@' }, M.attendees.invalidEmail],
    ['a short phone', { phone: '123' }, M.attendees.invalidPhone],
    ['a 301-character headline', { headline: 'x'.repeat(301) }, M.attendees.headlineTooLong],
    [
      'a text file as photo',
      { photo: Buffer.from('not an image, named photo.jpg').toString('base64') },
      PHOTO_MESSAGES.unsupported,
    ],
    ['a photo over the body cap', { photo: 'A'.repeat(1_000_004) }, PHOTO_MESSAGES.tooLarge],
  ])('refuses %s with the spec message', async (_label, o, message) => {
    const e = await newEvent(ada);
    expect(await rejection((await anon()()).join(joinInput(e.id, o)))).toEqual({ code: 'BAD_REQUEST', message });
    expect(await rowCount(e.id)).toBe(0);
    expect(photoFiles()).toEqual([]);
  });

  it('refuses a huge canvas with the "File too large" text', async () => {
    const e = await newEvent(ada);
    const huge = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const r = await rejection((await anon()()).join(joinInput(e.id, { photo: huge.toString('base64') })));
    expect(r.message).toBe(PHOTO_MESSAGES.tooLarge);
  });

  it('requires e-mail and phone when the event says so, with the spec texts', async () => {
    const e = await newEvent(ada, { email_required: true, phone_required: true });
    const api = await anon()();
    expect((await rejection(api.join(joinInput(e.id)))).message).toBe(
      `${M.attendees.emailRequiredForEvent}, ${M.attendees.phoneRequiredForEvent}`,
    );
    const ok = await api.join(joinInput(e.id, { email: 'g@navy.mil', phone: '+1 (555) 010-9999' }));
    expect([ok.email, ok.phone]).toEqual(['g@navy.mil', '+1 (555) 010-9999']);
  });

  it('refuses a missing event, and an event whose personal data was cleaned', async () => {
    const api = await anon()();
    expect(await rejection(api.join(joinInput(crypto.randomUUID())))).toEqual({
      code: 'NOT_FOUND',
      message: M.events.notFound,
    });
    const e = await newEvent(ada);
    await eraseFlag(e.id);
    expect(await rejection(api.join(joinInput(e.id)))).toEqual({ code: 'FORBIDDEN', message: M.attendees.roomClosed });
    expect(photoFiles()).toEqual([]);
  });

  it('is idempotent: the same token again (a retry) gives the same entry, one row, one file', async () => {
    const e = await newEvent(ada);
    const input = joinInput(e.id);
    const first = await (await anon()()).join(input);
    const retry = await (await anon()()).join({ ...input, first_name: 'Changed' });
    expect(retry).toEqual(first);
    expect([await rowCount(e.id), await attendeeCount(e.id), photoFiles().length]).toEqual([1, 1, 1]);
    expect(await changes(e.id)).toHaveLength(1);
  });

  it('is idempotent under two parallel requests with one token: one row, one file, one change', async () => {
    const e = await newEvent(ada);
    const input = joinInput(e.id);
    const api = await anon()();
    // count the files written (the real disk storage, wrapped): all three pass the first lookup
    const storage = t.deps.storage;
    const putOwned = storage.putOwned.bind(storage);
    let written = 0;
    storage.putOwned = (...args) => {
      written += 1;
      return putOwned(...args);
    };
    const [a, b, c] = await Promise.all([api.join(input), api.join(input), api.join(input)]);
    expect(written).toBe(3); // three raced to the insert; the two that lost deleted their files
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    expect([await rowCount(e.id), await attendeeCount(e.id), photoFiles().length]).toEqual([1, 1, 1]);
    expect(photoFiles()).toEqual([path.basename(a.photo_url!)]);
    expect(await changes(e.id)).toHaveLength(1);
  });

  it('the same token may join two different events (one entry in each)', async () => {
    const [e1, e2] = [await newEvent(ada), await newEvent(bob)];
    const tok = token();
    const a = await (await anon()()).join(joinInput(e1.id, { token: tok }));
    const b = await (await anon()()).join(joinInput(e2.id, { token: tok }));
    expect(a.id).not.toBe(b.id);
  });
});

describe('join limits: a full venue behind one IP', () => {
  it('lets 300 joins from one address in, and has a ceiling per address (600 in 10 minutes)', async () => {
    const e = await newEvent(ada);
    const venue = await anon('198.18.0.1')();
    for (let i = 0; i < 300; i++) await venue.join(joinInput(e.id, { first_name: `Guest${i}` }));
    expect([await rowCount(e.id), await attendeeCount(e.id)]).toEqual([300, 300]);
    // the rest of the ceiling, spent cheaply on a missing event (each attempt counts)
    for (let i = 0; i < 300; i++) await venue.join(joinInput(crypto.randomUUID())).catch(() => undefined);
    expect(await rejection(venue.join(joinInput(e.id)))).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: M.auth.rateLimited,
    });
    // another address is not affected; ten minutes later the venue joins again
    await (await anon('198.18.0.2')()).join(joinInput(e.id));
    t.clock.advance(10 * 60_000 + 1);
    await venue.join(joinInput(e.id));
    expect(await rowCount(e.id)).toBe(302);
  }, 60_000);
});

describe('own entry: mine, editable, update (token ownership)', () => {
  async function joined(o: Parameters<typeof eventForm>[0] = {}) {
    const e = await newEvent(ada, o);
    const tok = token();
    const r = await (await anon()()).join(joinInput(e.id, { token: tok, email: 'g@navy.mil', phone: '01134960000' }));
    return { e, tok, r };
  }

  it('mine finds the entry one of the browser tokens owns, and nothing for others', async () => {
    const { e, tok, r } = await joined();
    const other = await newEvent(bob);
    const otherTok = token();
    await (await anon()()).join(joinInput(other.id, { token: otherTok }));
    const api = await anon()();
    expect((await api.mine({ eventId: e.id, tokens: [token(), tok] })).registration?.id).toBe(r.id);
    expect((await api.mine({ eventId: e.id, tokens: [token()] })).registration).toBeNull();
    expect((await api.mine({ eventId: e.id, tokens: [otherTok] })).registration).toBeNull(); // another event's token
    expect((await api.mine({ eventId: e.id, tokens: [] })).registration).toBeNull();
  });

  it('editable: the right token gets the entry; a wrong one or another event\'s gets "Access Denied"', async () => {
    const { e, tok, r } = await joined();
    const other = await joined();
    const api = await anon('192.0.2.99')(); // a different browser, same token: the token is the proof
    expect((await api.editable({ eventId: e.id, registrationId: r.id, token: tok })).id).toBe(r.id);
    const denied = { code: 'FORBIDDEN', message: M.attendees.accessDenied };
    expect(await rejection(api.editable({ eventId: e.id, registrationId: r.id, token: token() }))).toEqual(denied);
    expect(await rejection(api.editable({ eventId: e.id, registrationId: r.id, token: other.tok }))).toEqual(denied);
    // the other entry's own token, with this event: still not this entry
    expect(await rejection(api.editable({ eventId: e.id, registrationId: other.r.id, token: other.tok }))).toEqual(
      denied,
    );
  });

  it("update with a wrong token or another event's token fails and changes nothing", async () => {
    const { e, r } = await joined();
    const other = await joined();
    const api = await anon()();
    const edit = { eventId: e.id, registrationId: r.id, first_name: 'Mallory', last_name: 'X' };
    for (const tok of [token(), other.tok]) {
      expect(await rejection(api.update({ ...edit, token: tok }))).toEqual({
        code: 'FORBIDDEN',
        message: M.attendees.accessDenied,
      });
    }
    const row = await t.db
      .selectFrom('event_registrations')
      .select('first_name')
      .where('id', '=', r.id)
      .executeTakeFirst();
    expect(row?.first_name).toBe('Grace');
    expect((await changes(e.id)).map((c) => c.kind)).toEqual(['joined']);
  });

  it('update with the token changes the entry, records the change, and replaces the photo file', async () => {
    const { e, tok, r } = await joined();
    const published: Change[] = [];
    t.deps.bus.subscribe(e.id, (c) => published.push(c));
    t.clock.advance(60_000);
    const api = await anon()();
    const base = { eventId: e.id, registrationId: r.id, token: tok, first_name: 'Grace', last_name: 'Murray Hopper' };
    const kept = await api.update({ ...base, headline: 'Rear Admiral' });
    expect([kept.last_name, kept.headline, kept.photo_url, kept.updated_at]).toEqual([
      'Murray Hopper',
      'Rear Admiral',
      r.photo_url,
      t.clock.now().toISOString(),
    ]);
    const replaced = await api.update({ ...base, photo: gpsPhoto });
    expect(replaced.photo_url).not.toBe(r.photo_url);
    expect(replaced.headline).toBeNull();
    expect(photoFiles()).toEqual([path.basename(replaced.photo_url!)]); // the old file is gone
    expect((await changes(e.id)).map((c) => c.kind)).toEqual(['joined', 'updated', 'updated']);
    expect(published.map((c) => c.kind)).toEqual(['updated', 'updated']);
  });

  it('gives the edit form messages (spec §5 edit registration)', async () => {
    const { e, tok, r } = await joined({ email_required: true, phone_required: true });
    const api = await anon()();
    const base = {
      eventId: e.id,
      registrationId: r.id,
      token: tok,
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'g@navy.mil',
      phone: '01134960000',
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ first_name: '' }, M.attendees.missingInfoBody],
      [{ last_name: '  ' }, M.attendees.missingInfoBody],
      [{ email: '' }, M.attendees.emailRequired],
      [{ phone: '' }, M.attendees.phoneRequired],
      [{ headline: 'x'.repeat(301) }, M.attendees.headlineTooLong],
      [{ email: 'nope' }, M.attendees.invalidEmail],
      [{ photo: Buffer.from('GIF89a but not really').toString('base64') }, PHOTO_MESSAGES.unsupported],
    ];
    for (const [o, message] of cases) {
      expect(await rejection(api.update({ ...base, ...o }))).toEqual({ code: 'BAD_REQUEST', message });
    }
    expect((await api.update({ ...base, email: 'G@Navy.mil' })).email).toBe('g@navy.mil');
  });
});

describe('registrations.list (public attendee list, spec §2 and §7)', () => {
  async function withPeople() {
    const e = await newEvent(ada);
    const api = await anon()();
    const people = [
      ['Ada', 'Lovelace', 'ada@math.org'],
      ['grace', 'Hopper', 'grace@navy.mil'],
      ['Alan', 'Turing', 'alan@bletchley.uk'],
      ['Édith', 'Clarke', null],
    ] as const;
    const made = [];
    for (const [first_name, last_name, email] of people) {
      made.push(await api.join(joinInput(e.id, { first_name, last_name, email: email ?? '' })));
      t.clock.advance(1000);
    }
    return { e, api, made };
  }

  it('sorts newest first by default, and oldest, A-Z and Z-A on request', async () => {
    const { e, api } = await withPeople();
    const names = async (sortBy?: 'newest' | 'oldest' | 'name-asc' | 'name-desc') =>
      (await api.list({ eventId: e.id, sortBy })).registrations.map((r) => r.first_name);
    expect(await names()).toEqual(['Édith', 'Alan', 'grace', 'Ada']);
    expect(await names('oldest')).toEqual(['Ada', 'grace', 'Alan', 'Édith']);
    expect(await names('name-asc')).toEqual(['Ada', 'Alan', 'grace', 'Édith']);
    expect(await names('name-desc')).toEqual(['Édith', 'grace', 'Alan', 'Ada']);
  });

  it('searches first name, last name, full name and e-mail, case-insensitively, with wildcards taken literally', async () => {
    const { e, api } = await withPeople();
    const found = async (search: string) =>
      (await api.list({ eventId: e.id, search, sortBy: 'oldest' })).registrations.map((r) => r.last_name);
    expect(await found('GRACE')).toEqual(['Hopper']);
    expect(await found('ing')).toEqual(['Turing']);
    expect(await found('navy.MIL')).toEqual(['Hopper']);
    expect(await found('ada love')).toEqual(['Lovelace']);
    expect(await found('%')).toEqual([]);
    expect(await found('_')).toEqual([]);
    const r = await api.list({ eventId: e.id, search: 'a' });
    expect([r.pagination.total, r.totalRegistrations]).toEqual([4, 4]);
    const none = await api.list({ eventId: e.id, search: 'zzz' });
    expect([none.registrations, none.pagination.total, none.totalRegistrations]).toEqual([[], 0, 4]);
  });

  it('pages by 10 with the spec envelope', async () => {
    const e = await newEvent(ada);
    const api = await anon()();
    for (let i = 0; i < 23; i++) await api.join(joinInput(e.id, { first_name: `P${String(i).padStart(2, '0')}` }));
    const p1 = await api.list({ eventId: e.id, sortBy: 'name-asc' });
    expect(p1.registrations).toHaveLength(10);
    expect(p1.pagination).toEqual({ total: 23, page: 1, limit: 10, totalPages: 3 });
    expect(p1.totalRegistrations).toBe(23);
    const p3 = await api.list({ eventId: e.id, sortBy: 'name-asc', page: 3 });
    expect(p3.registrations.map((r) => r.first_name)).toEqual(['P20', 'P21', 'P22']);
    // same created_at for all (fixed clock): newest still follows the order they joined
    const newest = await api.list({ eventId: e.id });
    expect(newest.registrations[0].first_name).toBe('P22');
  });

  it("puts the browser's pins first across pages (spec §2), then the sort, with the search still applied", async () => {
    const e = await newEvent(ada);
    const api = await anon()();
    const made = [];
    for (let i = 0; i < 12; i++) {
      made.push(await api.join(joinInput(e.id, { first_name: `P${String(i).padStart(2, '0')}` })));
      t.clock.advance(1000);
    }
    const names = (r: { registrations: { first_name: string }[] }) => r.registrations.map((x) => x.first_name);
    // newest first: P00 and P01 (the first two to join) are on page 2 without pins
    expect(names(await api.list({ eventId: e.id, page: 2 }))).toEqual(['P01', 'P00']);

    const pinned = [made[0].id, made[1].id];
    const p1 = await api.list({ eventId: e.id, pinned });
    expect(names(p1)).toEqual(['P01', 'P00', 'P11', 'P10', 'P09', 'P08', 'P07', 'P06', 'P05', 'P04']);
    expect([p1.pagination.total, p1.totalRegistrations]).toEqual([12, 12]);
    expect(names(await api.list({ eventId: e.id, pinned, page: 2 }))).toEqual(['P03', 'P02']);
    // pinned first whatever the sort; a search still leaves out a pin that does not match
    expect(names(await api.list({ eventId: e.id, pinned, sortBy: 'name-desc' })).slice(0, 3)).toEqual([
      'P01',
      'P00',
      'P11',
    ]);
    expect(names(await api.list({ eventId: e.id, pinned, search: 'P1' }))).toEqual(['P11', 'P10']);
    // an id that is not in this event (another event's, or one erased since) changes nothing
    const elsewhere = await api.join(joinInput((await newEvent(ada)).id));
    expect(names(await api.list({ eventId: e.id, pinned: [elsewhere.id] }))[0]).toBe('P11');
  });

  it(`refuses more than ${ATTENDEES.MAX_PINS} pins, or a pin that is not an id`, async () => {
    const e = await newEvent(ada);
    const api = await anon()();
    const ids = (n: number) => Array.from({ length: n }, () => crypto.randomUUID());
    expect((await api.list({ eventId: e.id, pinned: ids(ATTENDEES.MAX_PINS) })).registrations).toEqual([]);
    expect((await rejection(api.list({ eventId: e.id, pinned: ids(ATTENDEES.MAX_PINS + 1) }))).code).toBe(
      'BAD_REQUEST',
    );
    expect((await rejection(api.list({ eventId: e.id, pinned: ["x' OR 1=1 --"] }))).code).toBe('BAD_REQUEST');
  });

  it('is empty once the personal data is cleaned, and a missing event is "Event not found"', async () => {
    const { e, api } = await withPeople();
    await eraseFlag(e.id);
    const r = await api.list({ eventId: e.id });
    expect([r.registrations, r.pagination.total, r.totalRegistrations]).toEqual([[], 0, 0]);
    expect((await rejection(api.list({ eventId: crypto.randomUUID() }))).message).toBe(M.events.notFound);
  });
});

describe('organiser attendee management (owner only)', () => {
  async function setup() {
    const e = await newEvent(ada);
    const api = await anon()();
    const people = [];
    for (const name of ['Ada', 'Bea', 'Cy']) {
      people.push(await api.join(joinInput(e.id, { first_name: name, email: `${name.toLowerCase()}@x.org` })));
    }
    return { e, people };
  }
  const denied = { code: 'NOT_FOUND', message: M.events.notFoundOrDenied };

  it('the owner lists, searches (e-mail too) and sees the checked-in count; 10 per page by default', async () => {
    const { e, people } = await setup();
    const api = await organizer(ada);
    await api.checkIn({ id: people[1].id });
    const all = await api.organizerList({ eventId: e.id, sortBy: 'name-asc' });
    expect(all.registrations.map((r) => r.first_name)).toEqual(['Ada', 'Bea', 'Cy']);
    expect([all.pagination.limit, all.totalRegistrations, all.checkedInCount]).toEqual([10, 3, 1]);
    const byEmail = await api.organizerList({ eventId: e.id, search: 'CY@X' });
    expect(byEmail.registrations.map((r) => r.first_name)).toEqual(['Cy']);
  });

  it('another organiser, or nobody, cannot list, check in, undo or remove', async () => {
    const { e, people } = await setup();
    const api = await organizer(bob);
    const id = people[0].id;
    expect(await rejection(api.organizerList({ eventId: e.id }))).toEqual(denied);
    expect(await rejection(api.checkIn({ id }))).toEqual(denied);
    expect(await rejection(api.undoCheckIn({ id }))).toEqual(denied);
    expect(await rejection(api.remove({ id }))).toEqual(denied);
    expect(await rejection(api.checkIn({ id: crypto.randomUUID() }))).toEqual(denied);
    const nobody = await anon()();
    expect((await rejection(nobody.organizerList({ eventId: e.id }))).code).toBe('UNAUTHORIZED');
    expect((await rejection(nobody.checkIn({ id }))).code).toBe('UNAUTHORIZED');
    expect((await rejection(nobody.remove({ id }))).code).toBe('UNAUTHORIZED');
    expect([await rowCount(e.id), await attendeeCount(e.id)]).toEqual([3, 3]);
    const row = await t.db
      .selectFrom('event_registrations')
      .select('checked_in_at')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(row?.checked_in_at).toBeNull();
  });

  it('check-in sets the time once, undo clears it; each real change is logged and published', async () => {
    const { e, people } = await setup();
    const published: Change[] = [];
    t.deps.bus.subscribe(e.id, (c) => published.push(c));
    const api = await organizer(ada);
    const id = people[0].id;
    const at = t.clock.now().toISOString();
    expect((await api.checkIn({ id })).checked_in_at).toBe(at);
    t.clock.advance(5000);
    expect((await api.checkIn({ id })).checked_in_at).toBe(at); // a second tap keeps the first time
    expect((await api.undoCheckIn({ id })).checked_in_at).toBeNull();
    expect((await api.undoCheckIn({ id })).checked_in_at).toBeNull();
    const kinds = (await changes(e.id)).slice(3).map((c) => c.kind);
    expect(kinds).toEqual(['checked_in', 'check_in_undone']);
    expect(published.map((c) => c.kind)).toEqual(kinds);
  });

  it('remove deletes the row and its photo file, lowers the count and logs the change', async () => {
    const { e, people } = await setup();
    const api = await organizer(ada);
    expect(await api.remove({ id: people[0].id })).toEqual({ id: people[0].id, event_id: e.id });
    expect([await rowCount(e.id), await attendeeCount(e.id), photoFiles().length]).toEqual([2, 2, 2]);
    expect(fs.existsSync(path.join(dir, people[0].photo_url!))).toBe(false);
    expect((await changes(e.id)).at(-1)).toMatchObject({ registration_id: people[0].id, kind: 'removed' });
    expect(await rejection(api.remove({ id: people[0].id }))).toEqual(denied);
    expect((await (await ada.call()).events.get({ id: e.id })).registration_count).toBe(2);
  });
});

describe('counts never drift', () => {
  it('attendee_count, the lists and the files equal the rows after a burst of concurrent joins and removals', async () => {
    const e = await newEvent(ada);
    const api = await anon()();
    const first = await Promise.all(Array.from({ length: 20 }, () => api.join(joinInput(e.id))));
    const org = await organizer(ada);
    const retried = joinInput(e.id);
    await Promise.all([
      ...Array.from({ length: 20 }, () => api.join(joinInput(e.id))),
      api.join(retried),
      api.join(retried),
      ...first.slice(0, 12).map((r) => org.remove({ id: r.id })),
      ...first.slice(0, 3).map((r) => org.remove({ id: r.id }).catch(() => 'already removed')),
    ]);
    const rows = await rowCount(e.id);
    expect(rows).toBe(20 + 20 + 1 - 12);
    expect(await attendeeCount(e.id)).toBe(rows);
    expect(photoFiles()).toHaveLength(rows);
    expect((await api.list({ eventId: e.id })).totalRegistrations).toBe(rows);
    expect((await org.organizerList({ eventId: e.id })).totalRegistrations).toBe(rows);
    const listed = await (await ada.call()).events.list({ filter: 'all' });
    expect(listed.events.find((x) => x.id === e.id)?.registration_count).toBe(rows);
  });
});

describe('no token or hash ever leaves the server', () => {
  it('no response of any registrations procedure holds the token, its hash, or a token/hash field', async () => {
    const e = await newEvent(ada);
    const tok = token();
    const pub = await anon()();
    const org = await organizer(ada);
    const r = await pub.join(joinInput(e.id, { token: tok }));
    const responses: unknown[] = [
      r,
      await pub.join(joinInput(e.id, { token: tok })),
      await pub.event({ eventId: e.id }),
      await pub.mine({ eventId: e.id, tokens: [tok] }),
      await pub.editable({ eventId: e.id, registrationId: r.id, token: tok }),
      await pub.update({ eventId: e.id, registrationId: r.id, token: tok, first_name: 'G', last_name: 'H' }),
      await pub.list({ eventId: e.id }),
      await org.organizerList({ eventId: e.id }),
      await org.checkIn({ id: r.id }),
      await org.undoCheckIn({ id: r.id }),
      await org.remove({ id: r.id }),
    ];
    const stored = await t.db.selectFrom('registration_changes').selectAll().execute(); // ids and kinds only
    const secrets = [tok, createHash('sha256').update(tok).digest('hex')];
    const walk = (v: unknown, where: string) => {
      if (typeof v === 'string') for (const s of secrets) expect(v, where).not.toContain(s);
      else if (Array.isArray(v)) {
        for (const [i, x] of v.entries()) walk(x, `${where}[${i}]`);
      } else if (v && typeof v === 'object') {
        for (const [k, x] of Object.entries(v)) {
          expect(k, where).not.toMatch(/token|hash/i);
          walk(x, `${where}.${k}`);
        }
      }
    };
    for (const [i, x] of responses.entries()) walk(JSON.parse(JSON.stringify(x)), `response ${i}`);
    walk(stored, 'registration_changes');
  });
});
