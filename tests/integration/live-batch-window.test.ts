import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { LIVE } from '#server/constants';
import { apiJoin } from '../helpers/attendees-browser';
import { liveChanges } from '../helpers/live-changes';
import { directStream, turn } from '../helpers/live-direct-stream';
import { joinTogether } from '../helpers/live-raw';
import { anEvent, lw, setUpLiveWorld } from '../helpers/live-world';

// The live feed's batch window on a timer moved by hand (server/lib/timer.ts): "within the window" and
// "after a quiet spell" are set by the test, never by how fast the machine happens to be.

setUpLiveWorld({ manualTimer: true });

describe('the batch window', () => {
  it('a lone change after a quiet spell is written at once; the next ones within the window wait for its end and go together', async () => {
    const { eventId } = await anEvent();
    const { lastEventId } = await lw.srv.client().trpc.live.cursor.query({ eventId });
    const s = await directStream(eventId, lastEventId);
    try {
      await s.live;
      const idle = s.written();
      const live = liveChanges(lw.srv.deps, eventId);
      const solo = await live.join({ first_name: 'Solo' });
      // written without waiting for any timer (the timer is moved by hand: it has not moved); polled, as
      // on PostgreSQL the feed reads the row back over the network first
      await expect.poll(() => s.written()).toBeGreaterThan(idle);
      const afterSolo = s.written();

      // two more within the window (the timer has not moved): nothing is written until it ends
      const { ids: pair } = await joinTogether(eventId, ['A']);
      const { ids: pair2 } = await joinTogether(eventId, ['B']);
      await turn();
      expect(s.written()).toBe(afterSolo);
      lw.timer.advance(LIVE.BATCH_WINDOW_MS - 1);
      await turn();
      expect(s.written()).toBe(afterSolo);
      lw.timer.advance(LIVE.BATCH_WINDOW_MAX_MS);
      await expect.poll(() => s.changes().length).toBe(3);
      expect(s.frames.map((f) => f.result.data.data.changes.map((c) => c.id))).toEqual([[solo], [...pair, ...pair2]]);

      // a quiet spell longer than the window: the next change goes at once again
      lw.timer.advance(LIVE.BATCH_WINDOW_MAX_MS + 1);
      const before = s.written();
      await live.join({ first_name: 'Later' });
      await expect.poll(() => s.written()).toBeGreaterThan(before);
    } finally {
      await s.stop();
    }
  });

  it('a join is answered before its change is written to the screens (the fan-out never holds the answer)', async () => {
    const { eventId } = await anEvent();
    const { lastEventId } = await lw.srv.client().trpc.live.cursor.query({ eventId });
    const s = await directStream(eventId, lastEventId);
    // what the screens' socket had been given when the join's answer was handed to its own socket
    const writtenAtAnswer: number[] = [];
    const watch = (req: http.IncomingMessage, res: http.ServerResponse) => {
      if (!req.url?.startsWith('/trpc/registrations.join')) return;
      const end = res.end;
      res.end = function (this: http.ServerResponse, ...args: Parameters<typeof end>) {
        writtenAtAnswer.push(s.written());
        return end.apply(this, args);
      } as typeof end;
    };
    lw.srv.app.server.prependListener('request', watch);
    try {
      await s.live;
      const idle = s.written();
      const { registration } = await apiJoin(lw.srv, eventId, { first_name: 'Ada', last_name: 'Quick' });
      expect(writtenAtAnswer).toEqual([idle]);
      // and the change still goes at once after the quiet spell: no timer has moved
      await expect.poll(() => s.changes().map((c) => c.id)).toEqual([registration.id]);
    } finally {
      lw.srv.app.server.off('request', watch);
      await s.stop();
    }
  });
});
