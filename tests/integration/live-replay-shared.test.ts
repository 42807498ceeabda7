import { describe, expect, it, vi } from 'vitest';
import { LIVE } from '#server/constants';
import { liveChanges } from '../helpers/live-changes';
import { watch } from '../helpers/live-watch';
import { anEvent, lw, publicClient, setUpLiveWorld } from '../helpers/live-world';

// After a restart every screen comes back with the same last id: the rows of what they missed are read
// once and kept for the others, never kept when a change landed while they were read (decision 0005's
// addendum).

/** The live path's reads of registrations by id: how many ran, and a way to hold the next one's answer. */
const rowReads = vi.hoisted(() => ({
  count: 0,
  held: undefined as undefined | { reached: () => void; opened: Promise<void> },
  /** Holds back the next read's rows (read already) until `release()`; `reached` resolves once it has run. */
  hold() {
    let release!: () => void;
    const opened = new Promise<void>((r) => {
      release = r;
    });
    const reached = new Promise<void>((r) => {
      this.held = { reached: r, opened };
    });
    return { reached, release };
  },
}));

vi.mock('#server/features/registrations/registrations.repo', async (importOriginal) => {
  const repo = await importOriginal<typeof import('#server/features/registrations/registrations.repo')>();
  return {
    ...repo,
    findRegistrationsByIds: async (...args: Parameters<typeof repo.findRegistrationsByIds>) => {
      const rows = await repo.findRegistrationsByIds(...args);
      if (args[2].length === 0) return rows;
      rowReads.count += 1;
      const held = rowReads.held;
      rowReads.held = undefined;
      if (held) {
        held.reached();
        await held.opened;
      }
      return rows;
    },
  };
});

describe('live.onEvent: a replay read once for many', () => {
  setUpLiveWorld();

  it('subscribers replaying the same missed changes share one read of their rows', async () => {
    const { eventId } = await anEvent();
    const c = publicClient();
    const { lastEventId: before } = await c.trpc.live.cursor.query({ eventId });
    // committed while nobody watched, as during a restart: the feed that starts later never sent them
    const live = liveChanges(lw.srv.deps, eventId);
    await live.join({ first_name: 'Grace' });
    await live.join({ first_name: 'Alan' });
    const readsBefore = rowReads.count;

    for (let i = 0; i < 5; i++) {
      const w = watch(publicClient().trpc.live.onEvent, { eventId, lastEventId: before });
      await w.count(2);
      expect(w.items.map((item) => item.data.registration?.first_name)).toEqual(['Grace', 'Alan']);
    }
    expect(rowReads.count - readsBefore).toBe(1);
  });

  it('a replay whose rows were read before a removal landed does not keep them for the next one', async () => {
    const { eventId } = await anEvent();
    const c = publicClient();
    const { lastEventId: before } = await c.trpc.live.cursor.query({ eventId });
    const live = liveChanges(lw.srv.deps, eventId);
    const grace = await live.join({ first_name: 'Grace' });
    const { lastEventId: afterJoin } = await c.trpc.live.cursor.query({ eventId });

    // the first replay reads Grace's row; while its answer is on its way, she removes herself, and so
    // many join after her that the feed's cache, which held her removal, has moved past it: a screen
    // following live is sent all of that
    const held = rowReads.hold();
    const first = watch(publicClient().trpc.live.onEvent, { eventId, lastEventId: before });
    await held.reached;
    const screen = watch(publicClient().trpc.live.onEvent, { eventId, lastEventId: afterJoin });
    await live.remove(grace);
    const others = LIVE.FEED_CACHE_SIZE;
    for (let i = 0; i < others; i++) await live.join({ first_name: `Guest${i}` });
    await screen.count(1 + others);
    expect(screen.items[0].data).toEqual({ kind: 'removed', id: grace, registration: null });
    held.release();
    await first.count(2 + others);
    // what it read then, then the removal
    expect(first.items.slice(0, 2).map((i) => i.data.kind)).toEqual(['joined', 'removed']);

    const next = watch(publicClient().trpc.live.onEvent, { eventId, lastEventId: before });
    await next.count(2 + others);
    expect(JSON.stringify(next.items)).not.toContain('"first_name":"Grace"');
    expect(next.items.slice(0, 2).map((i) => i.data.kind)).toEqual(['removed', 'removed']);
  });
});

describe('live.onEvent: what a replay read and the feed has yet to send', () => {
  setUpLiveWorld({ manualTimer: true }); // the feed's batch window moves only when the test says

  it('is not kept: the feed sends it as its row is when the batch reads it', async () => {
    const { eventId } = await anEvent();
    const c = publicClient();
    const { lastEventId: before } = await c.trpc.live.cursor.query({ eventId });
    const screen = watch(publicClient().trpc.live.onEvent, { eventId, lastEventId: before });
    const live = liveChanges(lw.srv.deps, eventId);
    await live.join({ first_name: 'Alan' });
    await screen.count(1); // by replay or by the feed, as the screen's start and the join fell
    lw.timer.advance(LIVE.BATCH_WINDOW_MAX_MS); // a quiet spell: the next change goes at once
    await live.join({ first_name: 'Bea' });
    await screen.count(2); // sent now: the window starts, and the next change waits for its end
    const grace = await live.join({ first_name: 'Grace' });

    // a replay reads Grace's row before the feed's batch does; then she removes herself
    const replay = watch(publicClient().trpc.live.onEvent, { eventId, lastEventId: before });
    await replay.count(3);
    expect(replay.items[2].data.registration?.first_name).toBe('Grace');
    await live.remove(grace);
    lw.timer.advance(LIVE.BATCH_WINDOW_MS);

    await screen.count(4);
    expect(JSON.stringify(screen.items)).not.toContain('"first_name":"Grace"');
    expect(screen.items.slice(2).map((i) => i.data)).toEqual([
      { kind: 'removed', id: grace, registration: null },
      { kind: 'removed', id: grace, registration: null },
    ]);
  });
});
