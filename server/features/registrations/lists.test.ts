import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ATTENDEES } from '#shared/constants';
import { M } from '#shared/messages';
import { rejection } from '../../../tests/helpers/factory';
import {
  anon,
  attendeeCount,
  changes,
  eraseFlag,
  joinInput,
  newEvent,
  organiser,
  photoFiles,
  rowCount,
  s,
  setUpRegistrationsWorld,
} from '../../../tests/helpers/registrations-world';
import type { Change } from '../changes/bus';

setUpRegistrationsWorld();

describe('registrations.list (public attendee list, spec §2 and §7)', () => {
  async function withPeople() {
    const e = await newEvent(s.ada);
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
      s.t.clock.advance(1000);
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

  it('searches first name, last name and full name (not e-mail), case-insensitively, with wildcards taken literally', async () => {
    const { e, api } = await withPeople();
    const found = async (search: string) =>
      (await api.list({ eventId: e.id, search, sortBy: 'oldest' })).registrations.map((r) => r.last_name);
    expect(await found('GRACE')).toEqual(['Hopper']);
    expect(await found('ing')).toEqual(['Turing']);
    // a visitor must not learn from a search whose address is in the room (docs/privacy.md)
    expect(await found('navy.MIL')).toEqual([]);
    expect(await found('ada love')).toEqual(['Lovelace']);
    expect(await found('%')).toEqual([]);
    expect(await found('_')).toEqual([]);
    // control characters (a NUL that PostgreSQL refuses in any text) are in no name or address: ignored
    expect(await found('gra\u0000ce')).toEqual(['Hopper']);
    expect(await found('\u0000\u001f')).toEqual(['Lovelace', 'Hopper', 'Turing', 'Clarke']);
    const r = await api.list({ eventId: e.id, search: 'a' });
    expect([r.pagination.total, r.totalRegistrations]).toEqual([4, 4]);
    const none = await api.list({ eventId: e.id, search: 'zzz' });
    expect([none.registrations, none.pagination.total, none.totalRegistrations]).toEqual([[], 0, 4]);
  });

  it('pages by 10 with the spec envelope', async () => {
    const e = await newEvent(s.ada);
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

  it('gives a searched list its total on every page, past the last match too, in the chosen order', async () => {
    const e = await newEvent(s.ada);
    const api = await anon()();
    for (let i = 0; i < 23; i++) await api.join(joinInput(e.id, { first_name: `Sam${String(i).padStart(2, '0')}` }));
    await api.join(joinInput(e.id, { first_name: 'Other' }));
    const page = (n: number, search = 'sam') => api.list({ eventId: e.id, search, sortBy: 'name-desc', page: n });
    const p1 = await page(1);
    expect(p1.registrations.map((r) => r.first_name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Sam${String(22 - i).padStart(2, '0')}`),
    );
    expect([p1.pagination, p1.totalRegistrations]).toEqual([{ total: 23, page: 1, limit: 10, totalPages: 3 }, 24]);
    expect((await page(3)).registrations.map((r) => r.first_name)).toEqual(['Sam02', 'Sam01', 'Sam00']);
    const past = await page(4);
    expect([past.registrations, past.pagination.total, past.pagination.totalPages]).toEqual([[], 23, 3]);
    const nobody = await page(2, 'zzz');
    expect([nobody.registrations, nobody.pagination.total]).toEqual([[], 0]);
    // a search with a space matches the full name, and either name alone
    expect((await page(1, 'SAM07 hop')).registrations.map((r) => r.first_name)).toEqual(['Sam07']);
    expect((await page(1, 'm07 H')).registrations.map((r) => r.first_name)).toEqual(['Sam07']);
    expect((await page(1, 'sam07 x')).pagination.total).toBe(0);
  });

  it("puts the browser's pins first across pages (spec §2), then the sort, with the search still applied", async () => {
    const e = await newEvent(s.ada);
    const api = await anon()();
    const made = [];
    for (let i = 0; i < 12; i++) {
      made.push(await api.join(joinInput(e.id, { first_name: `P${String(i).padStart(2, '0')}` })));
      s.t.clock.advance(1000);
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
    const elsewhere = await api.join(joinInput((await newEvent(s.ada)).id));
    expect(names(await api.list({ eventId: e.id, pinned: [elsewhere.id] }))[0]).toBe('P11');
  });

  it(`refuses more than ${ATTENDEES.MAX_PINS} pins, or a pin that is not an id`, async () => {
    const e = await newEvent(s.ada);
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
    const e = await newEvent(s.ada);
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
    const api = await organiser(s.ada);
    await api.checkIn({ id: people[1].id });
    const all = await api.organiserList({ eventId: e.id, sortBy: 'name-asc' });
    expect(all.registrations.map((r) => r.first_name)).toEqual(['Ada', 'Bea', 'Cy']);
    expect([all.pagination.limit, all.totalRegistrations, all.checkedInCount]).toEqual([10, 3, 1]);
    const byEmail = await api.organiserList({ eventId: e.id, search: 'CY@X' });
    expect(byEmail.registrations.map((r) => r.first_name)).toEqual(['Cy']);
    expect([byEmail.pagination.total, byEmail.totalRegistrations, byEmail.checkedInCount]).toEqual([1, 3, 1]);
    const searched = await api.organiserList({ eventId: e.id, search: 'x', sortBy: 'name-desc', limit: 2 });
    expect(searched.registrations.map((r) => r.first_name)).toEqual(['Cy', 'Bea']);
    expect(searched.pagination).toEqual({ total: 3, page: 1, limit: 2, totalPages: 2 });
    const past = await api.organiserList({ eventId: e.id, search: 'x', limit: 2, page: 3 });
    expect([past.registrations, past.pagination.total]).toEqual([[], 3]);
  });

  it('another organiser, or nobody, cannot list, check in, undo or remove', async () => {
    const { e, people } = await setup();
    const api = await organiser(s.bob);
    const id = people[0].id;
    expect(await rejection(api.organiserList({ eventId: e.id }))).toEqual(denied);
    expect(await rejection(api.checkIn({ id }))).toEqual(denied);
    expect(await rejection(api.undoCheckIn({ id }))).toEqual(denied);
    expect(await rejection(api.remove({ id }))).toEqual(denied);
    expect(await rejection(api.checkIn({ id: crypto.randomUUID() }))).toEqual(denied);
    const nobody = await anon()();
    expect((await rejection(nobody.organiserList({ eventId: e.id }))).code).toBe('UNAUTHORIZED');
    expect((await rejection(nobody.checkIn({ id }))).code).toBe('UNAUTHORIZED');
    expect((await rejection(nobody.remove({ id }))).code).toBe('UNAUTHORIZED');
    expect([await rowCount(e.id), await attendeeCount(e.id)]).toEqual([3, 3]);
    const row = await s.t.db
      .selectFrom('event_registrations')
      .select('checked_in_at')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(row?.checked_in_at).toBeNull();
  });

  it('check-in sets the time once, undo clears it; each real change is logged and published', async () => {
    const { e, people } = await setup();
    const published: Change[] = [];
    s.t.deps.bus.subscribe(e.id, (c) => published.push(c));
    const api = await organiser(s.ada);
    const id = people[0].id;
    const at = s.t.clock.now().toISOString();
    expect((await api.checkIn({ id })).checked_in_at).toBe(at);
    s.t.clock.advance(5000);
    expect((await api.checkIn({ id })).checked_in_at).toBe(at); // a second tap keeps the first time
    expect((await api.undoCheckIn({ id })).checked_in_at).toBeNull();
    expect((await api.undoCheckIn({ id })).checked_in_at).toBeNull();
    const kinds = (await changes(e.id)).slice(3).map((c) => c.kind);
    expect(kinds).toEqual(['checked_in', 'check_in_undone']);
    expect(published.map((c) => c.kind)).toEqual(kinds);
  });

  it('remove deletes the row and its photo file, lowers the count and logs the change', async () => {
    const { e, people } = await setup();
    const api = await organiser(s.ada);
    expect(await api.remove({ id: people[0].id })).toEqual({ id: people[0].id, event_id: e.id });
    expect([await rowCount(e.id), await attendeeCount(e.id), photoFiles().length]).toEqual([2, 2, 2]);
    expect(fs.existsSync(path.join(s.dir, people[0].photo_url!))).toBe(false);
    expect((await changes(e.id)).at(-1)).toMatchObject({ registration_id: people[0].id, kind: 'removed' });
    expect(await rejection(api.remove({ id: people[0].id }))).toEqual(denied);
    expect((await (await s.ada.call()).events.get({ id: e.id })).registration_count).toBe(2);
  });
});

describe('counts never drift', () => {
  it('attendee_count, the lists and the files equal the rows after a burst of concurrent joins and removals', async () => {
    const e = await newEvent(s.ada);
    const api = await anon()();
    const first = await Promise.all(Array.from({ length: 20 }, () => api.join(joinInput(e.id))));
    const org = await organiser(s.ada);
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
    expect((await org.organiserList({ eventId: e.id })).totalRegistrations).toBe(rows);
    const listed = await (await s.ada.call()).events.list({ filter: 'all' });
    expect(listed.events.find((x) => x.id === e.id)?.registration_count).toBe(rows);
  });
});
