import { describe, expect, it } from 'vitest';
import { newId } from '#server/lib/ids';
import { WS_CLOSE } from '#shared/constants';
import { M } from '#shared/messages';
import { eventForm } from '../helpers/factory';
import { noisePng } from '../helpers/images';
import { liveChanges } from '../helpers/live-changes';
import { watch } from '../helpers/live-watch';
import { anEvent, closeAfter, lw, organiser, publicClient, setUpLiveWorld } from '../helpers/live-world';
import { T0 } from '../helpers/test-deps';
import { createWsOnlyClient } from '../helpers/ws-client';

// Issue 7 scope 4: every open list of an event follows its joins, edits, check-ins and removals in
// order, resumes across a reconnect without losing or repeating anything, and carries no secret.

setUpLiveWorld();

describe('live.onEvent', () => {
  it('two clients see a join, an edit, a check-in and a removal, in order (the real procedures)', async () => {
    const { http, eventId } = await anEvent();
    const a = publicClient();
    const b = publicClient();
    const { lastEventId } = await a.trpc.live.cursor.query({ eventId });
    const wa = watch(a.trpc.live.onEvent, { eventId, lastEventId });
    const wb = watch(b.trpc.live.onEvent, { eventId, lastEventId });

    const attendee = lw.srv.client();
    closeAfter(attendee);
    const token = `tok-${newId()}`;
    const who = { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com', phone: null, headline: null };
    const photo = (await noisePng(64, 64)).toString('base64');
    // Paced like people at a door: each change is seen before the next is made (a subscriber that
    // is told late gets the row as it is then, so a join already removed would read as a removal).
    const { id } = await attendee.trpc.registrations.join.mutate({ eventId, token, photo, ...who });
    await Promise.all([wa.count(1), wb.count(1)]);
    await attendee.trpc.registrations.update.mutate({
      eventId,
      registrationId: id,
      token,
      ...who,
      headline: 'Compilers',
      photo: null,
    });
    await Promise.all([wa.count(2), wb.count(2)]);
    await http.trpc.registrations.checkIn.mutate({ id });
    await Promise.all([wa.count(3), wb.count(3)]);
    await http.trpc.registrations.remove.mutate({ id });
    await Promise.all([wa.count(4), wb.count(4)]);
    for (const w of [wa, wb]) {
      expect(w.kinds()).toEqual(['joined', 'updated', 'checked_in', 'removed']);
      expect(w.items.map((i) => i.data.id)).toEqual([id, id, id, id]);
      const seqs = w.items.map((i) => Number(i.id));
      expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
      expect(new Set(seqs).size).toBe(4);
    }
    const [joined, updated, checkedIn, removed] = wa.items.map((i) => i.data);
    // Each upsert carries the row as it was when sent: by then it may already be newer than its change.
    expect(joined.registration).toMatchObject({ id, event_id: eventId, first_name: 'Grace', last_name: 'Hopper' });
    expect(updated.registration).toMatchObject({ headline: 'Compilers' });
    expect(checkedIn.registration?.checked_in_at).toBe(T0);
    expect(removed).toEqual({ kind: 'removed', id, registration: null });
    expect(wb.items).toEqual(wa.items);
  });

  it('a client that drops, misses three changes and comes back with its last id gets exactly those three', async () => {
    const { eventId } = await anEvent();
    const c = publicClient();
    const { lastEventId } = await c.trpc.live.cursor.query({ eventId });
    const w = watch(c.trpc.live.onEvent, { eventId, lastEventId });
    const live = liveChanges(lw.srv.deps, eventId);
    const grace = await live.join({ first_name: 'Grace' });
    await w.count(1);

    c.drop(); // the network goes: the socket dies and reconnecting fails until restore()
    const alan = await live.join({ first_name: 'Alan' });
    await live.edit(grace, { headline: 'Missed while away' });
    await live.checkIn(alan);
    c.restore(); // wsLink reconnects and resubscribes with the last tracked id it received

    await w.count(4);
    expect(w.kinds()).toEqual(['joined', 'joined', 'updated', 'checked_in']);
    expect(w.items.slice(1).map((i) => i.data.id)).toEqual([alan, grace, alan]);
    expect(w.items[2].data.registration?.headline).toBe('Missed while away');

    await live.remove(grace); // and it follows live again, with nothing repeated
    await w.count(5);
    expect(w.kinds()).toEqual(['joined', 'joined', 'updated', 'checked_in', 'removed']);
    expect(new Set(w.items.map((i) => i.id)).size).toBe(5);
  });

  it('no frame carries a token, a hash, or another event’s attendees', async () => {
    const { http, eventId } = await anEvent();
    const other = await http.trpc.events.create.mutate(eventForm({ name: 'Other Night' }));
    const c = publicClient();
    const { lastEventId } = await c.trpc.live.cursor.query({ eventId });
    const w = watch(c.trpc.live.onEvent, { eventId, lastEventId });

    const secret = `hash-${'f'.repeat(56)}`;
    await liveChanges(lw.srv.deps, other.id).join({ first_name: 'Elsewhere', token_hash: `${secret}-other` });
    const id = await liveChanges(lw.srv.deps, eventId).join({ first_name: 'Grace', token_hash: secret });
    await liveChanges(lw.srv.deps, eventId).edit(id, { headline: 'Edited' });
    await w.count(2);

    const frames = c.frames.join('\n');
    expect(frames).toContain('Grace');
    expect(frames).not.toContain(secret);
    expect(frames).not.toMatch(/token|hash/i);
    expect(frames).not.toContain('Elsewhere');
    expect(Object.keys(w.items[0].data.registration ?? {}).sort()).toEqual(
      [
        'checked_in_at',
        'checked_out_at',
        'connected',
        'created_at',
        'email',
        'event_id',
        'first_name',
        'headline',
        'id',
        'last_name',
        'on_display',
        'phone',
        'photo_url',
        'updated_at',
      ].sort(),
    );
  });

  it('an unknown event is refused', async () => {
    const c = publicClient();
    const w = watch(c.trpc.live.onEvent, { eventId: newId() });
    await w.ended();
    expect(w.error()).toMatchObject({ data: { code: 'NOT_FOUND' }, message: M.events.notFound });
  });

  it('erasure clears open lists and ends their subscriptions; a later subscriber hears it at once', async () => {
    const { http, eventId } = await anEvent();
    const c = publicClient();
    const { lastEventId } = await c.trpc.live.cursor.query({ eventId });
    const w = watch(c.trpc.live.onEvent, { eventId, lastEventId });
    await liveChanges(lw.srv.deps, eventId).join({ first_name: 'Grace' });
    await w.count(1);

    await http.trpc.gdpr.cleanupNow.mutate({ eventId });

    await w.count(2);
    expect(w.items[1].data).toEqual({ kind: 'erased', id: null, registration: null });
    await w.ended();
    expect(w.error()).toBeUndefined();

    const late = watch(c.trpc.live.onEvent, { eventId, lastEventId });
    await late.count(1);
    expect(late.items[0].data.kind).toBe('erased');
    await late.ended();
  });
});

describe('live.onOrganiserEvent', () => {
  it('refuses the signed-out and other users; streams to the owner until the session ends', async () => {
    const { http, eventId } = await anEvent();
    const mallory = await organiser('mallory@example.com');

    const anonymous = publicClient();
    const refusedAnon = watch(anonymous.trpc.live.onOrganiserEvent, { eventId });
    const stranger = createWsOnlyClient(lw.srv.url, mallory.cookie());
    closeAfter(stranger);
    const refusedStranger = watch(stranger.trpc.live.onOrganiserEvent, { eventId });
    await refusedAnon.ended();
    await refusedStranger.ended();
    expect(refusedAnon.error()).toMatchObject({ data: { code: 'UNAUTHORIZED' } });
    expect(refusedStranger.error()).toMatchObject({
      data: { code: 'NOT_FOUND' },
      message: M.events.notFoundOrDenied,
    });

    const owner = createWsOnlyClient(lw.srv.url, http.cookie());
    closeAfter(owner);
    const { lastEventId } = await http.trpc.live.cursor.query({ eventId });
    const mine = watch(owner.trpc.live.onOrganiserEvent, { eventId, lastEventId });
    const onlooker = watch(publicClient().trpc.live.onEvent, { eventId, lastEventId });
    const live = liveChanges(lw.srv.deps, eventId);
    await live.join({ first_name: 'Grace' });
    await mine.count(1);

    await http.trpc.auth.signOut.mutate();
    expect(await owner.closed()).toBe(WS_CLOSE.SESSION_ENDED);
    await mine.ended(); // wsLink resubscribes on a new socket with the dead cookie and is refused
    expect(mine.error()).toMatchObject({ data: { code: 'UNAUTHORIZED' } });

    await live.join({ first_name: 'Alan' });
    await onlooker.count(2);
    expect(mine.items).toHaveLength(1);
  });
});
