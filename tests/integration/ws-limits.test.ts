import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SOCKET_LIMITS } from '#server/trpc/socket-limits';
import { writeFrames } from '#server/trpc/ws-direct';
import { WS_CLOSE } from '#shared/constants';
import { liveChanges } from '../helpers/live-changes';
import { rawSocket, socketPair, subscribeCall } from '../helpers/live-raw';
import { anEvent, lw, setUpLiveWorld } from '../helpers/live-world';

// The WebSocket's ceilings and its guard against readers that fall behind (README "Limits").

setUpLiveWorld({ manualTimer: true });

const wsUrl = () => `${lw.srv.url.replace(/^http/, 'ws')}/trpc`;
const opened = (ws: WebSocket) =>
  new Promise<number | 'open'>((resolve) => {
    ws.once('open', () => resolve('open'));
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('error', () => resolve(0));
  });
const closed = (ws: WebSocket) =>
  new Promise<number>((resolve) => {
    if (ws.readyState === ws.CLOSED) resolve(-1);
    ws.once('close', (code) => resolve(code));
  });

describe('sockets per address', () => {
  it(`${SOCKET_LIMITS.PER_IP} from one address (a venue behind one NAT) are taken, one more is refused with 429 until one closes`, async () => {
    const sockets: WebSocket[] = [];
    try {
      for (let i = 0; i < SOCKET_LIMITS.PER_IP; i += 250) {
        const batch = Array.from({ length: Math.min(250, SOCKET_LIMITS.PER_IP - i) }, () => new WebSocket(wsUrl()));
        sockets.push(...batch);
        expect(new Set(await Promise.all(batch.map(opened)))).toEqual(new Set(['open']));
      }
      const extra = new WebSocket(wsUrl());
      expect(await opened(extra)).toBe(429);
      const first = sockets[0];
      first.close();
      await closed(first);
      await expect.poll(() => lw.srv.deps.sockets.count('127.0.0.1')).toBe(SOCKET_LIMITS.PER_IP - 1);
      const again = new WebSocket(wsUrl());
      sockets.push(again);
      expect(await opened(again)).toBe('open');
    } finally {
      for (const s of sockets) s.terminate();
    }
  });
});

describe('subscriptions per socket', () => {
  it(`takes ${SOCKET_LIMITS.SUBSCRIPTIONS_PER_SOCKET} subscriptions on one socket; one more closes it (${WS_CLOSE.TOO_MANY_CALLS})`, async () => {
    const { eventId } = await anEvent();
    const c = await rawSocket();
    try {
      for (let id = 1; id <= SOCKET_LIMITS.SUBSCRIPTIONS_PER_SOCKET; id++) c.send(subscribeCall(id, eventId));
      for (let id = 1; id <= SOCKET_LIMITS.SUBSCRIPTIONS_PER_SOCKET; id++) await c.started(id);
      // a stopped one frees its place
      c.send({ id: 1, method: 'subscription.stop' });
      await c.stopped(1);
      c.send(subscribeCall(100, eventId));
      await c.started(100);
      const code = closed(c.ws);
      c.send(subscribeCall(101, eventId));
      expect(await code).toBe(WS_CLOSE.TOO_MANY_CALLS);
    } finally {
      c.close();
    }
  });
});

describe('a reader that falls behind', () => {
  it('is dropped once its unsent data passes the bound, instead of the server holding more', async () => {
    const pair = await socketPair();
    try {
      pair.client.pause(); // reads nothing from here on
      const line = { socket: pair.server, tcp: pair.tcp, head: '{"id":1' };
      const frame = Buffer.alloc(64 * 1024, 0x61);
      let writes = 0;
      let held = 0;
      while (writeFrames(line, [frame, frame])) {
        writes++;
        held = pair.server.bufferedAmount;
      }
      // the kernel's queues took their share first; the server then held at most the bound and one write
      expect(writes).toBeGreaterThan(0);
      expect(held).toBeLessThanOrEqual(SOCKET_LIMITS.MAX_BUFFERED_BYTES + 2 * frame.length);
      expect(pair.server.readyState).not.toBe(pair.server.OPEN);
      expect(writeFrames(line, [frame])).toBe(false);
    } finally {
      await pair.close();
    }
  });

  it('one that stops answering pings is dropped, blind pongs or not; one that reads stays', async () => {
    const { eventId } = await anEvent();
    const reader = await rawSocket();
    const blind = new WebSocket(wsUrl(), { autoPong: false });
    await opened(blind);
    const pings: Buffer[] = [];
    blind.on('ping', (d) => pings.push(d));
    const blindClosed = closed(blind);
    try {
      reader.send(subscribeCall(1, eventId));
      await reader.started(1);
      for (let round = 0; round < 3; round++) {
        blind.pong(Buffer.from('not the payload'));
        lw.timer.advance(SOCKET_LIMITS.LIVENESS_MS);
        // the reader's ws echoes each ping by itself; wait until it has
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(await blindClosed).not.toBe(1000);
      expect(blind.readyState).toBe(blind.CLOSED);
      expect(pings.length).toBeGreaterThan(0);
      // the reading one still gets changes
      await liveChanges(lw.srv.deps, eventId).join({ first_name: 'Still' });
      lw.timer.advance(1000);
      await reader.count(1, 1);
      expect(reader.ws.readyState).toBe(reader.ws.OPEN);
    } finally {
      reader.close();
      blind.terminate();
    }
  });
});
