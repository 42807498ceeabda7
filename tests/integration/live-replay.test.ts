import { describe, expect, it } from 'vitest';
import { LIVE } from '#server/constants';
import { changeTransaction, recordChange } from '#server/features/changes/changes.repo';
import { jobs } from '#server/jobs/scheduler';
import { newId } from '#server/lib/ids';
import { liveChanges } from '../helpers/live-changes';
import { watch } from '../helpers/live-watch';
import { anEvent, lw, publicClient, setUpLiveWorld } from '../helpers/live-world';

// Issue 7 scope 4: a subscriber coming back with its last id gets what it missed, read afresh; one
// further behind than the log (or than one replay carries) is told to refetch.

setUpLiveWorld();

describe('live.onEvent: replay after a reconnect', () => {
  it('a replay never resends details that were edited or removed since (the feed is kept alive by a screen)', async () => {
    const { eventId } = await anEvent();
    const screen = publicClient(); // a venue display keeps the event's feed (and its cache) alive
    const { lastEventId: before } = await screen.trpc.live.cursor.query({ eventId });
    const w = watch(screen.trpc.live.onEvent, { eventId, lastEventId: before });
    const live = liveChanges(lw.srv.deps, eventId);
    // each change reaches the screen before the next: the feed caches each payload as it was then
    const grace = await live.join({ first_name: 'Grace' });
    await w.count(1);
    const alan = await live.join({ first_name: 'Alan' });
    await w.count(2);
    await live.edit(alan, { headline: 'New headline' });
    await w.count(3);
    await live.remove(grace);
    await w.count(4);
    expect(JSON.stringify(w.items[0])).toContain('"first_name":"Grace"'); // what the screen was sent then

    // someone replays from before the joins: Grace reads as removed, Alan as he is now
    const late = publicClient();
    const r = watch(late.trpc.live.onEvent, { eventId, lastEventId: before });
    await r.count(4);
    const frames = JSON.stringify(r.items);
    expect(frames).not.toContain('"first_name":"Grace"');
    expect(r.items.filter((i) => i.data.id === grace).map((i) => i.data.kind)).toEqual(['removed', 'removed']);
    expect(r.items.find((i) => i.data.id === alan)?.data.registration?.headline).toBe('New headline');
  });

  it('a subscriber further behind than the log is told to refetch; one at the edge of the log replays', async () => {
    const { eventId } = await anEvent();
    const c = publicClient();
    const live = liveChanges(lw.srv.deps, eventId);
    const { lastEventId: before } = await c.trpc.live.cursor.query({ eventId });
    await live.join({ first_name: 'Grace' });
    const { lastEventId: edge } = await c.trpc.live.cursor.query({ eventId });

    lw.clock.advance(LIVE.LOG_KEEP_MS + 60_000);
    await jobs.find((j) => j.name === 'live-log-retention')!.run(lw.srv.deps);
    const alan = await live.join({ first_name: 'Alan' });

    const behind = watch(c.trpc.live.onEvent, { eventId, lastEventId: before });
    const atEdge = watch(c.trpc.live.onEvent, { eventId, lastEventId: edge });
    await behind.count(1);
    await atEdge.count(1);
    expect(behind.items[0].data).toEqual({ kind: 'refetch', id: null, registration: null });
    expect(atEdge.items[0].data).toMatchObject({ kind: 'joined', id: alan });

    // After a refetch it follows live from there.
    const barbara = await live.join({ first_name: 'Barbara' });
    await behind.count(2);
    expect(behind.items[1].data).toMatchObject({ kind: 'joined', id: barbara });
  });

  it('more changes missed than one replay may carry, or an id this server never issued, means refetch', async () => {
    const { eventId } = await anEvent();
    const c = publicClient();
    const { lastEventId } = await c.trpc.live.cursor.query({ eventId });
    const now = lw.clock.now().toISOString();
    await changeTransaction(lw.srv.deps.db, async (trx) => {
      for (let i = 0; i <= LIVE.REPLAY_MAX; i++) {
        await recordChange(trx, { event_id: eventId, registration_id: newId(), kind: 'removed', now });
      }
    });
    const { lastEventId: last } = await c.trpc.live.cursor.query({ eventId });

    const tooFar = watch(c.trpc.live.onEvent, { eventId, lastEventId });
    const unknown = watch(c.trpc.live.onEvent, { eventId, lastEventId: String(Number(last) + 50) });
    const junk = watch(c.trpc.live.onEvent, { eventId, lastEventId: 'abc' });
    for (const w of [tooFar, unknown, junk]) {
      await w.count(1);
      expect(w.items[0]).toEqual({ id: last, data: { kind: 'refetch', id: null, registration: null } });
    }
    const oneBehind = watch(c.trpc.live.onEvent, { eventId, lastEventId: String(Number(last) - 1) });
    await oneBehind.count(1);
    expect(oneBehind.items[0].data.kind).toBe('removed');
  });
});
