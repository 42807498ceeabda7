import { describe, expect, it } from 'vitest';
import { findLiveEvent } from '#server/features/live/live.repo';
import type { LiveBatch } from '#server/features/live/live-payload';
import { followEvent } from '#server/features/live/live-stream';
import { deliverLive } from '#server/trpc/live-delivery';
import { directLine, noteCall } from '#server/trpc/ws-direct';
import { liveChanges } from '../helpers/live-changes';
import { type Frame, joinTogether, rawSocket, socketPair, subscribeCall as subscribe } from '../helpers/live-raw';
import { anEvent, lw, setUpLiveWorld } from '../helpers/live-world';

// Live items are written on the subscription's own socket outside tRPC's per-item loop
// (server/trpc/ws-direct.ts): the frames must be exactly tRPC's, per request id, in order, each change
// once, and stop when tRPC stops the subscription. Spoken here in raw frames, as wsLink speaks it. Each
// frame is one batch of changes (live-batching.test.ts tests how changes are grouped).

setUpLiveWorld();

describe('live items on a direct line', () => {
  it('a burst reaches each subscription as tRPC’s frames, under its own request id, every change once and in order, a batch in one write', async () => {
    const { eventId } = await anEvent();
    const { lastEventId } = await lw.srv.client().trpc.live.cursor.query({ eventId });
    const c = await rawSocket();
    try {
      // two subscriptions on one socket, one message, one with jsonrpc and a string id
      c.send([subscribe('a-1', eventId, lastEventId, '2.0'), subscribe(7, eventId, lastEventId)]);
      await Promise.all([c.started('a-1'), c.started(7)]);

      const live = liveChanges(lw.srv.deps, eventId);
      const ids = await Promise.all(Array.from({ length: 20 }, (_, i) => live.join({ first_name: `P${i}` })));
      await Promise.all([c.count('a-1', 20), c.count(7, 20)]);

      const log = await lw.srv.deps.db
        .selectFrom('registration_changes')
        .select(['seq', 'registration_id'])
        .where('event_id', '=', eventId)
        .orderBy('seq')
        .execute();
      expect(new Set(log.map((r) => r.registration_id))).toEqual(new Set(ids));
      expect(c.raw).not.toContain('<binary>');
      for (const [id, rpc] of [
        ['a-1', '2.0'],
        [7, undefined],
      ] as const) {
        const items = c.data(id);
        // tRPC's `started` comes first, as when tRPC's own loop sent the items
        expect((JSON.parse(c.raw.find((r) => (JSON.parse(r) as Frame).id === id) as string) as Frame).result.type).toBe(
          'started',
        );
        const changes = c.changes(id);
        expect(changes.map((ch) => ch.seq)).toEqual(log.map((r) => r.seq));
        expect(changes.map((ch) => ch.id)).toEqual(log.map((r) => r.registration_id));
        // each frame is tracked under its batch's last seq
        for (const f of items) expect(f.result.id).toBe(String(f.result.data.data.changes.at(-1)?.seq));
        // byte for byte what tRPC's adapter sends: `{ id, jsonrpc, result: { type, data: { id, data }, id } }`
        for (const f of items) {
          const { data } = f.result.data;
          const seq = f.result.id;
          const expected = JSON.stringify({
            id,
            jsonrpc: rpc,
            result: { type: 'data', data: { id: seq, data }, id: seq },
          });
          expect(c.raw).toContain(expected);
        }
      }

      // joins committed together leave for each subscription as one frame
      const before = c.raw.length;
      const { ids: together } = await joinTogether(eventId, ['Q', 'R', 'S', 'T']);
      await Promise.all([c.count('a-1', 24), c.count(7, 24)]);
      const added = c.raw.slice(before).map((r) => JSON.parse(r) as Frame);
      expect(added.map((f) => f.id).sort()).toEqual([7, 'a-1']);
      for (const f of added) expect(f.result.data.data.changes.map((ch) => ch.id)).toEqual(together);

      // tRPC stops one subscription: its frames stop, the other's go on
      c.send({ id: 7, method: 'subscription.stop' });
      await c.stopped(7);
      const after = await live.join({ first_name: 'After' });
      await c.count('a-1', 25);
      expect(c.changes('a-1')[24].id).toBe(after);
      expect(c.changes(7)).toHaveLength(24);
      const frames7 = c.raw.filter((r) => (JSON.parse(r) as Frame).id === 7);
      expect(JSON.parse(frames7.at(-1) as string).result.type).toBe('stopped');
    } finally {
      c.close();
    }
  });

  it('a subscriber coming back with an id in the middle of the log gets exactly what follows, then live with nothing twice', async () => {
    const { eventId } = await anEvent();
    const live = liveChanges(lw.srv.deps, eventId);
    const { lastEventId } = await lw.srv.client().trpc.live.cursor.query({ eventId });
    const first = await rawSocket();
    first.send(subscribe(1, eventId, lastEventId));
    await first.started(1);
    for (let i = 0; i < 6; i++) await live.join({ first_name: `P${i}` });
    await first.count(1, 6);
    const seen = first.changes(1).map((ch) => String(ch.seq));
    first.close();

    const back = await rawSocket();
    try {
      back.send(subscribe(1, eventId, seen[2]));
      await back.started(1);
      await back.count(1, 3);
      const late = await live.join({ first_name: 'Late' });
      await back.count(1, 4);
      const got = back.changes(1);
      expect(got.map((ch) => String(ch.seq))).toEqual([...seen.slice(3), expect.any(String)]);
      expect(got[3].id).toBe(late);
      expect(got[3].seq).toBeGreaterThan(Number(seen[5]));
      // the replay is one frame, the live change another
      expect(back.data(1).map((f) => f.result.data.data.changes.length)).toEqual([3, 1]);
    } finally {
      back.close();
    }
  });

  it('a single change while idle is sent at once, in a frame of its own', async () => {
    const { eventId } = await anEvent();
    const { lastEventId } = await lw.srv.client().trpc.live.cursor.query({ eventId });
    const c = await rawSocket();
    try {
      c.send(subscribe(1, eventId, lastEventId));
      await c.started(1);
      const id = await liveChanges(lw.srv.deps, eventId).join({ first_name: 'Solo' });
      await c.count(1, 1);
      // how soon it follows the commit is bench B3's figure; here: one frame holding just this change
      expect(c.data(1)).toHaveLength(1);
      expect(c.changes(1).map((ch) => ch.id)).toEqual([id]);
    } finally {
      c.close();
    }
  });
});

describe('a live subscription with a line', () => {
  it('writes replay and live items on the line, in one write per batch, and yields nothing', async () => {
    const { eventId } = await anEvent();
    const deps = lw.srv.deps;
    const live = liveChanges(deps, eventId);
    const { lastEventId } = await lw.srv.client().trpc.live.cursor.query({ eventId });
    const missed = await live.join({ first_name: 'Missed' });

    // a real socket pair, the server side's line made as the decoder makes it
    const frames: string[] = [];
    let chunks = 0; // reads on the client's TCP socket
    const pair = await socketPair((client) => {
      client.once('upgrade', (res) => res.socket.on('data', () => chunks++));
      client.on('message', (data) => frames.push(data.toString()));
    });
    const { server, tcp } = pair;
    const call = { id: 3, method: 'subscription', params: { path: 'live.onEvent', input: { eventId }, lastEventId } };
    noteCall(server, tcp, call);
    const line = directLine(call.params.input);
    expect(line).toBeDefined();

    const abort = new AbortController();
    const findEvent = async () => (await findLiveEvent(deps.db, eventId)) ?? Promise.reject(new Error('gone'));
    const yielded: unknown[] = [];
    const reading = (async () => {
      for await (const item of deliverLive(
        (send) => followEvent(deps, findEvent, lastEventId, abort.signal, send),
        line,
      ))
        yielded.push(item);
    })();
    try {
      await expect.poll(() => frames.length).toBe(1); // the replay
      chunks = 0;
      // a burst committed together (one transaction, one publish), so the feed hands it over as one batch
      const { ids: burst } = await joinTogether(eventId, ['A', 'B', 'C', 'D', 'E']);
      await expect.poll(() => frames.length).toBe(2);
      const sent = frames.map((f) => JSON.parse(f) as Frame);
      expect(sent.flatMap((f) => f.result.data.data.changes.map((ch) => ch.id))).toEqual([missed, ...burst]);
      expect(sent.map((f) => f.result.data.data.changes.length)).toEqual([1, 5]);
      expect(sent.every((f) => f.id === 3)).toBe(true);
      expect(chunks).toBe(1);
      expect(yielded).toEqual([]);
    } finally {
      abort.abort();
      await reading;
      await pair.close();
    }
    expect(yielded).toEqual([]);
  });
});

describe('live items without a line (a call that is not over a WebSocket)', () => {
  it('are yielded as tracked items: replay, then live, each once, until aborted', async () => {
    const { eventId } = await anEvent();
    const deps = lw.srv.deps;
    const live = liveChanges(deps, eventId);
    const a = await live.join({ first_name: 'A' });
    const { lastEventId } = await lw.srv.client().trpc.live.cursor.query({ eventId });
    const b = await live.join({ first_name: 'B' });
    const abort = new AbortController();
    const findEvent = async () => (await findLiveEvent(deps.db, eventId)) ?? Promise.reject(new Error('gone'));
    const stream = deliverLive(
      (send) => followEvent(deps, findEvent, String(Number(lastEventId)), abort.signal, send),
      undefined,
    );
    const items: [string, LiveBatch][] = [];
    const reading = (async () => {
      for await (const item of stream) items.push(item as never);
    })();
    await expect.poll(() => items.length).toBe(1);
    const c = await live.join({ first_name: 'C' });
    await expect.poll(() => items.length).toBe(2);
    const changes = items.flatMap(([, d]) => d.changes);
    expect(changes.map((ch) => ch.id)).toEqual([b, c]);
    expect(changes.map((ch) => ch.id)).not.toContain(a);
    // each item is tracked under its last change's seq
    expect(items.map(([id]) => id)).toEqual(changes.map((ch) => String(ch.seq)));
    expect(Number(items[1][0])).toBeGreaterThan(Number(items[0][0]));
    abort.abort();
    await reading;
  });
});
