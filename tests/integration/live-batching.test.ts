import { describe, expect, it } from 'vitest';
import { LIVE } from '#server/constants';
import { liveChanges } from '../helpers/live-changes';
import { directStream, turn } from '../helpers/live-direct-stream';
import { joinTogether, rawSocket, subscribeCall } from '../helpers/live-raw';
import { watch } from '../helpers/live-watch';
import { anEvent, lw, publicClient, setUpLiveWorld } from '../helpers/live-world';

// Under a rush the live feed sends several changes in one frame per subscriber (LIVE.BATCH_WINDOW_MS):
// a change after a quiet spell goes at once; changes arriving faster wait for the window's end and share
// one batch. Every change must still reach every subscriber exactly once, in log order, and a replay from
// any seq (even one inside a batch others received) must be exact.

setUpLiveWorld();

describe('live changes batched under a rush', () => {
  it('a burst of joins reaches each subscriber in fewer frames than joins, every change once, in log order', async () => {
    const { eventId } = await anEvent();
    const { lastEventId } = await lw.srv.client().trpc.live.cursor.query({ eventId });
    const raw = await rawSocket();
    const client = publicClient();
    try {
      raw.send(subscribeCall(1, eventId, lastEventId));
      const w = watch(client.trpc.live.onEvent, { eventId, lastEventId });
      await raw.started(1);
      await lw.srv.client().trpc.live.cursor.query({ eventId }); // the wsLink subscription is up by now too

      const live = liveChanges(lw.srv.deps, eventId);
      const N = 30;
      const ids: string[] = [];
      for (let i = 0; i < N; i++) ids.push(await live.join({ first_name: `P${i}` })); // one commit each, as joins come
      await raw.count(1, N);
      await w.count(N);

      const log = await lw.srv.deps.db
        .selectFrom('registration_changes')
        .select(['seq', 'registration_id'])
        .where('event_id', '=', eventId)
        .orderBy('seq')
        .execute();
      expect(log.map((r) => r.registration_id)).toEqual(ids);
      expect(raw.changes(1).map((c) => [c.seq, c.id])).toEqual(log.map((r) => [r.seq, r.registration_id]));
      expect(w.items.map((i) => [Number(i.id), i.data.id])).toEqual(log.map((r) => [r.seq, r.registration_id]));
      // fewer frames than changes: the changes after the first share frames
      expect(raw.data(1).length).toBeLessThan(N);
      expect(w.batches.length).toBeLessThan(N);
      expect(Math.max(...raw.data(1).map((f) => f.result.data.data.changes.length))).toBeGreaterThan(1);
      // every frame is tracked under its last change's seq (where a resubscription resumes)
      for (const b of w.batches) expect(b.id).toBe(String(b.data.changes.at(-1)?.seq));
    } finally {
      raw.close();
    }
  });

  it('a replay from a seq inside a batch others received is exact, and the feed’s next batch is cut where the replay ended', async () => {
    const { eventId } = await anEvent();
    const { lastEventId } = await lw.srv.client().trpc.live.cursor.query({ eventId });
    const a = await directStream(eventId, lastEventId); // keeps the feed alive from the start
    let b: Awaited<ReturnType<typeof directStream>> | undefined;
    try {
      // A follows the feed once a change has reached it (on PostgreSQL its start takes round trips the
      // writes below would otherwise race, and what they commit first would reach it as its replay)
      const zero = await joinTogether(eventId, ['C0']);
      await expect.poll(() => a.changes().length).toBe(1);
      // committed, but the feed has not been told yet (its read still to come, as within a window)
      const first = await joinTogether(eventId, ['C1', 'C2', 'C3'], false);
      b = await directStream(eventId, String(first.changes[0].seq)); // from inside that batch
      await expect.poll(() => b?.changes().length).toBe(2);
      // then the feed reads C1…C4 in one batch: A gets it whole, B only what its replay did not cover
      const second = await joinTogether(eventId, ['C4']);
      lw.srv.deps.bus.publish(first.changes);
      await expect.poll(() => a.changes().length).toBe(5);
      await expect.poll(() => b?.changes().length).toBe(3);

      const all = [...first.changes, ...second.changes];
      expect(a.frames.map((f) => f.result.data.data.changes.map((c) => c.seq))).toEqual([
        [zero.changes[0].seq],
        all.map((c) => c.seq),
      ]);
      expect(b.frames.map((f) => f.result.data.data.changes.map((c) => c.seq))).toEqual([
        [all[1].seq, all[2].seq],
        [all[3].seq],
      ]);
      expect(b.frames.map((f) => f.result.id)).toEqual([String(all[2].seq), String(all[3].seq)]);
      await turn();
      expect(b.changes()).toHaveLength(3); // nothing twice
    } finally {
      await a.stop();
      await b?.stop();
    }
  });

  it('a subscriber that connects mid-burst from its cursor misses nothing and gets nothing twice', async () => {
    const { eventId } = await anEvent();
    const { lastEventId: start } = await lw.srv.client().trpc.live.cursor.query({ eventId });
    const early = publicClient();
    const we = watch(early.trpc.live.onEvent, { eventId, lastEventId: start });
    await lw.srv.client().trpc.live.cursor.query({ eventId });
    const live = liveChanges(lw.srv.deps, eventId);
    const N = 40;
    for (let i = 0; i < 10; i++) await live.join({ first_name: `P${i}` });
    // a page reads the cursor and subscribes from it, as the hook does, while the rush goes on: its
    // replay and start race the next commits and the feed's pending batch
    const c = publicClient();
    const { lastEventId: cursor } = await c.trpc.live.cursor.query({ eventId });
    const late = watch(c.trpc.live.onEvent, { eventId, lastEventId: cursor });
    for (let i = 10; i < N; i++) await live.join({ first_name: `P${i}` });
    await we.count(N);
    const log = await lw.srv.deps.db
      .selectFrom('registration_changes')
      .select(['seq'])
      .where('event_id', '=', eventId)
      .orderBy('seq')
      .execute();
    const owed = log.filter((r) => r.seq > Number(cursor)).map((r) => String(r.seq));
    expect(owed).toHaveLength(N - 10);
    await late.count(owed.length);
    await new Promise((resolve) => setTimeout(resolve, LIVE.BATCH_WINDOW_MAX_MS + 20));
    expect(late.items.map((i) => i.id)).toEqual(owed);
    expect(we.items.map((i) => i.id)).toEqual(log.map((r) => String(r.seq)));
  });
});
