import { describe, expect, it } from 'vitest';
import { addPins } from '#server/features/registrations/connections.repo';
import { ATTENDEES } from '#shared/constants';
import { M } from '#shared/messages';
import { eventForm } from '../helpers/factory';
import { rawSocket } from '../helpers/live-raw';
import { anEvent, closeAfter, lw, setUpLiveWorld } from '../helpers/live-world';
import {
  call,
  cursor,
  joinAs,
  listAs,
  type Person,
  pin,
  showsContacts,
  subscribeAs,
  viewerOf,
} from '../helpers/room-people';

// Who sees an attendee's e-mail and phone (docs/privacy.md), read in the raw bytes each viewer receives:
// a visitor never; an attendee, the entries shared with the whole room and their connections' entries
// shared with connections; nobody but the organiser an entry kept for the organiser.

setUpLiveWorld();

async function room() {
  const { http, eventId } = await anEvent();
  const ann = await joinAs(eventId, 'Ann'); // connections (the default)
  const ben = await joinAs(eventId, 'Ben'); // connections, and connected with Ann below
  const cat = await joinAs(eventId, 'Cat', { contact_visibility: 'room' });
  const dan = await joinAs(eventId, 'Dan', { contact_visibility: 'organiser' });
  const eve = await joinAs(eventId, 'Eve'); // joined, connected with nobody
  const everyone = [ann, ben, cat, dan, eve];
  return { http, eventId, ann, ben, cat, dan, eve, everyone };
}

const seen = (text: string, people: Person[]) => people.filter((p) => showsContacts(text, p)).map((p) => p.first);

describe('contacts per viewer', () => {
  it('over HTTP: a visitor sees none, an attendee what the choices and connections allow, the organiser all', async () => {
    const r = await room();
    // Ann pins Ben: not yet a connection
    expect(JSON.parse((await pin(r.eventId, r.ann, r.ben)).text).result.data).toEqual({
      pinned: true,
      connected: false,
    });
    expect(seen((await listAs(r.eventId, r.ann)).text, r.everyone)).toEqual(['Ann', 'Cat']);
    expect(JSON.parse((await pin(r.eventId, r.ben, r.ann)).text).result.data).toEqual({
      pinned: true,
      connected: true,
    });

    const visitor = await listAs(r.eventId);
    expect(visitor.status).toBe(200);
    for (const p of r.everyone) expect(visitor.text).toContain(p.first);
    expect(seen(visitor.text, r.everyone)).toEqual([]);

    const ann = await listAs(r.eventId, r.ann);
    expect(seen(ann.text, r.everyone)).toEqual(['Ann', 'Ben', 'Cat']);
    const annRows = JSON.parse(ann.text).result.data;
    expect(annRows.pinned).toEqual([r.ben.id]);
    const connected = annRows.registrations.filter((x: { connected: boolean }) => x.connected);
    expect(connected.map((x: { id: string }) => x.id)).toEqual([r.ben.id]);
    // pinned first
    expect(annRows.registrations[0].id).toBe(r.ben.id);
    expect(seen((await listAs(r.eventId, r.ben)).text, r.everyone)).toEqual(['Ann', 'Ben', 'Cat']);
    expect(seen((await listAs(r.eventId, r.eve)).text, r.everyone)).toEqual(['Cat', 'Eve']);
    expect(seen((await listAs(r.eventId, r.dan)).text, r.everyone)).toEqual(['Cat', 'Dan']);

    const organiser = await r.http.trpc.registrations.organiserList.query({ eventId: r.eventId });
    expect(seen(JSON.stringify(organiser), r.everyone)).toEqual(['Ann', 'Ben', 'Cat', 'Dan', 'Eve']);

    // a visitor cannot probe the room for an address: the public search looks at names only
    const probe = await listAs(r.eventId, undefined, { search: r.dan.email });
    expect(JSON.parse(probe.text).result.data.pagination.total).toBe(0);
    const found = await r.http.trpc.registrations.organiserList.query({ eventId: r.eventId, search: r.dan.email });
    expect(found.registrations.map((x) => x.id)).toEqual([r.dan.id]);
  });

  it('refuses a list, a pin or a subscription whose token does not own the entry', async () => {
    const r = await room();
    const forged = { ...r.ann, token: r.ben.token };
    for (const res of [await listAs(r.eventId, forged), await pin(r.eventId, forged, r.cat)]) {
      expect(res.status).toBe(403);
      expect(res.text).toContain(M.attendees.accessDenied);
    }
    const ws = closeAfter(await rawSocket());
    ws.send(subscribeAs(1, r.eventId, forged));
    await expect.poll(() => ws.raw.join()).toContain(M.attendees.accessDenied);
    // a token in a URL (an HTTP subscription) is refused before it is read
    const sse = await call('query', 'live.onEvent', { eventId: r.eventId, viewer: viewerOf(r.ann) });
    expect(sse.text).toContain(M.common.subscriptionsOverWebSocket);
  });

  it('over the live socket: each subscriber receives only the contacts it may see', async () => {
    const r = await room();
    await pin(r.eventId, r.ann, r.ben);
    await pin(r.eventId, r.ben, r.ann);
    const ws = closeAfter(await rawSocket());
    const from = await cursor(r.eventId);
    ws.send(subscribeAs(1, r.eventId, undefined, from)); // a visitor
    ws.send(subscribeAs(2, r.eventId, r.eve, from)); // joined, no connection
    ws.send(subscribeAs(3, r.eventId, r.ann, from)); // Ben's connection
    for (const id of [1, 2, 3]) await ws.started(id);
    // Ben edits his entry, Fay joins sharing with the room, Gus joins keeping contacts for the organiser
    await r.http.trpc.registrations.checkIn.mutate({ id: r.ben.id });
    const fay = await joinAs(r.eventId, 'Fay', { contact_visibility: 'room' });
    const gus = await joinAs(r.eventId, 'Gus', { contact_visibility: 'organiser' });
    for (const id of [1, 2, 3]) await ws.count(id, 3);
    const bytes = (id: number) => JSON.stringify(ws.data(id));
    const people = [r.ben, fay, gus];
    expect(seen(bytes(1), people)).toEqual([]);
    expect(seen(bytes(2), people)).toEqual(['Fay']);
    expect(seen(bytes(3), people)).toEqual(['Ben', 'Fay']);
    const benToAnn = ws.changes(3).find((c) => c.id === r.ben.id);
    expect(benToAnn?.registration).toMatchObject({ connected: true, email: r.ben.email });
    for (const id of [1, 2, 3]) expect(bytes(id)).not.toContain('contact_visibility');
  });

  it('a connection reveals contacts live on both phones; unpinning hides them again', async () => {
    const r = await room();
    const ws = closeAfter(await rawSocket());
    const from = await cursor(r.eventId);
    ws.send(subscribeAs(1, r.eventId, r.ann, from));
    ws.send(subscribeAs(2, r.eventId, r.ben, from));
    ws.send(subscribeAs(3, r.eventId, r.eve, from));
    for (const id of [1, 2, 3]) await ws.started(id);
    await pin(r.eventId, r.ann, r.ben); // one-sided: nothing goes out
    await pin(r.eventId, r.ben, r.ann);
    for (const id of [1, 2, 3]) await ws.count(id, 2);
    const last = (id: number, p: Person) =>
      ws
        .changes(id)
        .filter((c) => c.id === p.id)
        .at(-1)?.registration;
    expect(last(1, r.ben)).toMatchObject({ connected: true, email: r.ben.email, phone: r.ben.phone });
    expect(last(2, r.ann)).toMatchObject({ connected: true, email: r.ann.email, phone: r.ann.phone });
    expect(seen(JSON.stringify(ws.data(3)), r.everyone)).toEqual([]);

    await pin(r.eventId, r.ann, r.ben, true);
    for (const id of [1, 2]) await ws.count(id, 4);
    expect(last(1, r.ben)).toMatchObject({ connected: false, email: null, phone: null });
    expect(last(2, r.ann)).toMatchObject({ connected: false, email: null, phone: null });
    expect(seen((await listAs(r.eventId, r.ann)).text, r.everyone)).toEqual(['Ann', 'Cat']);
  });

  it('takes pins kept in the browser once, keeps the pin limit, and erases pins with the event', async () => {
    const r = await room();
    const sync = await call('mutation', 'connections.sync', {
      eventId: r.eventId,
      viewer: viewerOf(r.ann),
      pinned: [r.ben.id, r.cat.id, r.ann.id],
    });
    expect(JSON.parse(sync.text).result.data.pinned.sort()).toEqual([r.ben.id, r.cat.id].sort());
    await pin(r.eventId, r.cat, r.ann);
    expect(seen((await listAs(r.eventId, r.cat)).text, r.everyone)).toEqual(['Ann', 'Cat']);

    // an id of another event pins nothing
    const other = await r.http.trpc.events.create.mutate(eventForm({ name: 'Other Night' }));
    const stranger = await joinAs(other.id, 'Sol');
    const cross = await pin(r.eventId, r.ann, stranger);
    expect([cross.status, cross.text.includes(M.attendees.entryNotFound)]).toEqual([404, true]);

    // the limit: Eve holds the most pins a person may hold
    const db = lw.srv.deps.db;
    const ids = Array.from({ length: ATTENDEES.MAX_PINS }, () => crypto.randomUUID());
    const now = lw.clock.now().toISOString();
    await db
      .insertInto('event_registrations')
      .values(
        ids.map((id) => ({
          id,
          event_id: r.eventId,
          first_name: 'Filler',
          last_name: 'Person',
          email: null,
          phone: null,
          headline: null,
          photo_url: null,
          registration_token_hash: `hash-${id}`,
          checked_in_at: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    await addPins(db, r.eventId, r.eve.id, ids, now);
    const over = await pin(r.eventId, r.eve, r.ann);
    expect([over.status, over.text.includes(M.privacy.pinLimit(ATTENDEES.MAX_PINS))]).toEqual([400, true]);

    await r.http.trpc.gdpr.cleanupNow.mutate({ eventId: r.eventId });
    const left = await db.selectFrom('attendee_pins').select('pinner_id').where('event_id', '=', r.eventId).execute();
    expect(left).toEqual([]);
  });

  it('the venue screen’s list holds only who shows there, counted, and its frames say when someone leaves it', async () => {
    const r = await room();
    const from = await cursor(r.eventId);
    const shown = await listAs(r.eventId, undefined, { display: true });
    expect(JSON.parse(shown.text).result.data.pagination.total).toBe(5);
    const ws = closeAfter(await rawSocket());
    ws.send(subscribeAs(1, r.eventId, undefined, from));
    await ws.started(1);
    const update = await call('mutation', 'registrations.update', {
      eventId: r.eventId,
      registrationId: r.cat.id,
      token: r.cat.token,
      first_name: 'Cat',
      last_name: 'Tester',
      show_on_display: false,
    });
    expect(update.status).toBe(200);
    await joinAs(r.eventId, 'Hal', { show_on_display: false });
    await ws.count(1, 2);
    expect(
      ws
        .changes(1)
        .map((c) => [
          c.kind,
          c.registration?.first_name,
          (c.registration as { on_display?: boolean } | null)?.on_display,
        ]),
    ).toEqual([
      ['updated', 'Cat', false],
      ['joined', 'Hal', false],
    ]);
    const data = JSON.parse((await listAs(r.eventId, undefined, { display: true })).text).result.data;
    expect(data.registrations.map((x: { first_name: string }) => x.first_name).sort()).toEqual([
      'Ann',
      'Ben',
      'Dan',
      'Eve',
    ]);
    expect([data.pagination.total, data.totalRegistrations]).toEqual([4, 6]);
    // the attendee list itself still shows everyone
    expect(JSON.parse((await listAs(r.eventId)).text).result.data.pagination.total).toBe(6);
  });
});
