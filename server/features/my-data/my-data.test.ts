import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import type { JoinInput } from '#shared/schemas/registrations';
import { rejection } from '../../../tests/helpers/factory';
import {
  attendeeCount,
  changes,
  joinInput,
  newEvent,
  organiser,
  photoFiles,
  rowCount,
  s,
  setUpRegistrationsWorld,
  token,
} from '../../../tests/helpers/registrations-world';
import { browser } from '../../../tests/helpers/test-deps';
import type { Change } from '../changes/bus';

// An attendee's own copy of their data and own removal (docs/privacy.md), proved by the browser's token.

setUpRegistrationsWorld();

const denied = { code: 'FORBIDDEN', message: M.attendees.accessDenied };
/** One visitor's browser: the whole router (`registrations`, `myData`). */
const api = () => browser(s.t.deps, '203.0.113.50').call();

/** One attendee joined from their own browser: the entry and the token proving it. */
async function joins(eventId: string, who: Partial<JoinInput>) {
  const tok = token();
  const r = await (await api()).registrations.join(joinInput(eventId, { token: tok, last_name: 'Tester', ...who }));
  return { ...r, token: tok, ref: { eventId, registrationId: r.id, token: tok } };
}

/** Pins through the real procedure (the pinner's token proves it), one second apart, so the order is theirs. */
async function pin(eventId: string, from: { id: string; token: string }, ...to: { id: string }[]) {
  for (const t of to) {
    s.t.clock.advance(1_000);
    const viewer = { registrationId: from.id, token: from.token };
    await (await api()).connections.pin({ eventId, viewer, registrationId: t.id });
  }
}

const pinRows = (id: string) =>
  s.t.db
    .selectFrom('attendee_pins')
    .select(['pinner_id', 'pinned_id'])
    .where((eb) => eb.or([eb('pinner_id', '=', id), eb('pinned_id', '=', id)]))
    .execute();

describe('download my data', () => {
  it('gives the owner their entry, their choices, whom they pinned, and what each connection shares', async () => {
    const e = await newEvent(s.ada);
    const me = await joins(e.id, {
      first_name: 'Grace',
      email: 'grace@example.com',
      phone: '01134960000',
      headline: 'Compilers',
      contact_visibility: 'organiser',
      show_on_display: false,
      share_in_download: true,
    });
    const room = await joins(e.id, { first_name: 'Alan', email: 'alan@example.com', contact_visibility: 'room' });
    const conn = await joins(e.id, {
      first_name: 'Bea',
      email: 'bea@example.com',
      phone: '01134960001',
      contact_visibility: 'connections',
    });
    const shy = await joins(e.id, { first_name: 'Cy', email: 'cy@example.com', contact_visibility: 'organiser' });
    const oneWay = await joins(e.id, { first_name: 'Dee', email: 'dee@example.com', contact_visibility: 'room' });
    const admirer = await joins(e.id, { first_name: 'Eve', email: 'eve@example.com', contact_visibility: 'room' });
    await pin(e.id, me, room, conn, shy, oneWay);
    await pin(e.id, room, me);
    await pin(e.id, conn, me);
    await pin(e.id, shy, me);
    await pin(e.id, admirer, me);

    const mine = await (await api()).myData.download(me.ref);

    expect(mine.entry).toEqual({
      id: me.id,
      first_name: 'Grace',
      last_name: 'Tester',
      email: 'grace@example.com',
      phone: '01134960000',
      headline: 'Compilers',
      photo_url: me.photo_url,
      checked_in_at: null,
      checked_out_at: null,
      created_at: me.created_at,
      updated_at: me.updated_at,
    });
    expect(mine.choices).toEqual({ contact_visibility: 'organiser', show_on_display: false, share_in_download: true });
    expect(mine.event).toMatchObject({ id: e.id, name: e.name });
    expect(mine.pins.map((p) => [p.first_name, p.id])).toEqual([
      ['Alan', room.id],
      ['Bea', conn.id],
      ['Cy', shy.id],
      ['Dee', oneWay.id],
    ]);
    expect(mine.pins[0].pinned_at < mine.pins[3].pinned_at).toBe(true);
    // connections only (Dee did not pin back, Eve was not pinned), contacts only where their choice allows
    expect(mine.connections).toEqual([
      { id: room.id, first_name: 'Alan', last_name: 'Tester', headline: null, email: 'alan@example.com', phone: null },
      {
        id: conn.id,
        first_name: 'Bea',
        last_name: 'Tester',
        headline: null,
        email: 'bea@example.com',
        phone: '01134960001',
      },
      { id: shy.id, first_name: 'Cy', last_name: 'Tester', headline: null, email: null, phone: null },
    ]);
    // the response carries no token or hash
    expect(JSON.stringify(mine)).not.toContain(me.token);
    expect(JSON.stringify(mine)).not.toMatch(/token|hash/);
  });

  it('is refused with "Access Denied" for a wrong token, another attendee\'s entry or another event', async () => {
    const e = await newEvent(s.ada);
    const other = await newEvent(s.bob);
    const me = await joins(e.id, { first_name: 'Grace' });
    const you = await joins(e.id, { first_name: 'Alan' });
    const elsewhere = await joins(other.id, { first_name: 'Cy' });
    const a = await api();
    expect(await rejection(a.myData.download({ ...me.ref, token: token() }))).toEqual(denied);
    expect(await rejection(a.myData.download({ ...me.ref, registrationId: you.id }))).toEqual(denied);
    expect(await rejection(a.myData.download({ ...me.ref, eventId: other.id }))).toEqual(denied);
    expect(await rejection(a.myData.download({ ...elsewhere.ref, eventId: e.id }))).toEqual(denied);
    expect((await a.myData.download(me.ref)).entry.id).toBe(me.id);
  });
});

describe('remove me from this room', () => {
  it('is refused with "Access Denied" for a wrong token or another attendee\'s entry, and removes nothing', async () => {
    const e = await newEvent(s.ada);
    const me = await joins(e.id, { first_name: 'Grace' });
    const you = await joins(e.id, { first_name: 'Alan' });
    const a = await api();
    expect(await rejection(a.myData.remove({ ...me.ref, token: token() }))).toEqual(denied);
    expect(await rejection(a.myData.remove({ ...me.ref, registrationId: you.id }))).toEqual(denied);
    expect(await rejection(a.myData.remove({ ...you.ref, token: me.token }))).toEqual(denied);
    expect(await rowCount(e.id)).toBe(2);
    expect(photoFiles()).toHaveLength(2);
    expect((await changes(e.id)).map((c) => c.kind)).toEqual(['joined', 'joined']);
  });

  it('deletes the entry, its photo, its pins both ways and its door actions at once, and tells every screen', async () => {
    const e = await newEvent(s.ada);
    const me = await joins(e.id, { first_name: 'Grace' });
    const friend = await joins(e.id, { first_name: 'Alan' });
    const other = await joins(e.id, { first_name: 'Bea' });
    await pin(e.id, me, friend, other);
    await pin(e.id, friend, me, other);
    await pin(e.id, other, friend);
    const door = (await s.ada.call()).door;
    const at = s.t.clock.now().toISOString();
    await door.sync({
      eventId: e.id,
      actions: [{ id: crypto.randomUUID(), registrationId: me.id, kind: 'check-in', at }],
    });
    await door.sync({
      eventId: e.id,
      actions: [{ id: crypto.randomUUID(), registrationId: other.id, kind: 'check-in', at }],
    });
    const published: Change[] = [];
    s.t.deps.bus.subscribe(e.id, (c) => published.push(c));

    expect(await (await api()).myData.remove(me.ref)).toEqual({ id: me.id, event_id: e.id });

    expect(await rowCount(e.id)).toBe(2);
    expect(photoFiles().sort()).toEqual([path.basename(friend.photo_url!), path.basename(other.photo_url!)].sort());
    expect(fs.existsSync(path.join(s.dir, me.photo_url!))).toBe(false);
    expect(await pinRows(me.id)).toEqual([]);
    // the other party's connection is gone with it; pins between the others stay
    expect(await pinRows(friend.id)).toEqual(
      expect.arrayContaining([
        { pinner_id: friend.id, pinned_id: other.id },
        { pinner_id: other.id, pinned_id: friend.id },
      ]),
    );
    expect((await (await api()).myData.download(friend.ref)).connections.map((c) => c.id)).toEqual([other.id]);
    const doorRows = await s.t.db.selectFrom('door_actions').select('registration_id').execute();
    expect(doorRows).toEqual([{ registration_id: other.id }]);
    expect((await changes(e.id)).at(-1)).toMatchObject({ registration_id: me.id, kind: 'removed' });
    expect(published).toEqual([expect.objectContaining({ event_id: e.id, registration_id: me.id, kind: 'removed' })]);
    // gone for good: the token proves nothing any more
    const a = await api();
    expect(await rejection(a.myData.remove(me.ref))).toEqual(denied);
    expect(await rejection(a.myData.download(me.ref))).toEqual(denied);
    expect(await rejection(a.registrations.editable(me.ref))).toEqual(denied);
    expect((await a.registrations.mine({ eventId: e.id, tokens: [me.token] })).registration).toBeNull();
  });

  it("deletes the event's prepared download files (whole lists that hold the attendee), not other events'", async () => {
    const e = await newEvent(s.ada);
    const other = await newEvent(s.bob);
    const me = await joins(e.id, { first_name: 'Grace' });
    await joins(other.id, { first_name: 'Alan' });
    const file = { bytes: Buffer.from('Grace,Tester'), fileName: 'list.csv', contentType: 'text/csv' };
    const mine = await s.t.deps.preparedFiles.put(e.id, file);
    const theirs = await s.t.deps.preparedFiles.put(other.id, { ...file, bytes: Buffer.from('Alan,Tester') });
    expect(await s.t.deps.preparedFiles.get(mine!)).toBeDefined();

    await (await api()).myData.remove(me.ref);

    expect(await s.t.deps.preparedFiles.get(mine!)).toBeUndefined();
    expect(await s.t.deps.preparedFiles.get(theirs!)).toBeDefined();
  });

  it('a list file built from rows read before the removal is not kept (put refuses it)', async () => {
    const e = await newEvent(s.ada);
    const me = await joins(e.id, { first_name: 'Grace' });
    const file = { bytes: Buffer.from('Grace,Tester'), fileName: 'list.csv', contentType: 'text/csv' };
    const counted = async () =>
      (await s.t.db.selectFrom('events').select('self_removed_count').where('id', '=', e.id).executeTakeFirstOrThrow())
        .self_removed_count;
    const before = await counted();

    await (await api()).myData.remove(me.ref);

    expect(await s.t.deps.preparedFiles.put(e.id, file, undefined, before)).toBeUndefined();
    expect(await s.t.deps.preparedFiles.put(e.id, file, undefined, await counted())).toEqual(expect.any(String));
  });

  it("keeps the event's count, as after the erasure, while the lists' pages count the rows left", async () => {
    const e = await newEvent(s.ada);
    const people = [];
    for (let i = 0; i < 12; i++) {
      s.t.clock.advance(1_000);
      people.push(await joins(e.id, { first_name: `Person${String.fromCharCode(65 + i)}` }));
    }
    const a = await api();
    const org = await organiser(s.ada);
    const pages = async (q: { page?: number; search?: string; pinned?: string[] } = {}) => {
      const pub = await a.registrations.list({ eventId: e.id, ...q });
      const own = await org.organiserList({ eventId: e.id, ...q });
      expect(own.pagination).toEqual(pub.pagination);
      expect(own.totalRegistrations).toBe(pub.totalRegistrations);
      return { ...pub.pagination, totalRegistrations: pub.totalRegistrations, ids: pub.registrations.map((r) => r.id) };
    };
    expect(await pages()).toMatchObject({ total: 12, totalPages: 2, totalRegistrations: 12 });

    await a.myData.remove(people[0].ref);
    await a.myData.remove(people[1].ref);

    expect(await rowCount(e.id)).toBe(10);
    expect(await attendeeCount(e.id)).toBe(12);
    expect(await pages()).toMatchObject({ total: 10, totalPages: 1, totalRegistrations: 12 });
    expect((await pages({ page: 2 })).ids).toEqual([]);
    expect(await pages({ pinned: [people[5].id] })).toMatchObject({ total: 10, totalPages: 1 });
    expect(await pages({ search: 'Person' })).toMatchObject({ total: 10, totalPages: 1 });
    expect(await pages({ search: 'PersonA' })).toMatchObject({ total: 0, totalPages: 0 });
    const events = await (await s.ada.call()).events.list({ filter: 'all' });
    expect(events.events.find((x) => x.id === e.id)?.registration_count).toBe(12);

    // the organiser's removal lowers both, so the rows stay attendee_count - self_removed_count
    await org.remove({ id: people[2].id });
    expect(await pages()).toMatchObject({ total: 9, totalPages: 1, totalRegistrations: 11 });
    for (let i = 0; i < 3; i++) await joins(e.id, { first_name: `Late${String.fromCharCode(65 + i)}` });
    expect(await pages()).toMatchObject({ total: 12, totalPages: 2, totalRegistrations: 14 });
    expect((await pages({ page: 2 })).ids).toHaveLength(2);
  });

  it('is refused once the event is erased (nothing of the attendee is left to remove)', async () => {
    const e = await newEvent(s.ada);
    const me = await joins(e.id, { first_name: 'Grace' });
    await (await s.ada.call()).gdpr.cleanupNow({ eventId: e.id });
    expect(await rejection((await api()).myData.remove(me.ref))).toEqual(denied);
    expect(await rejection((await api()).myData.download(me.ref))).toEqual(denied);
  });
});
