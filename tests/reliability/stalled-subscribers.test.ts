import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SOCKET_LIMITS } from '#server/trpc/socket-limits';
import { liveChanges } from '../helpers/live-changes';
import { subscribeCall } from '../helpers/live-raw';
import { anEvent, lw, setUpLiveWorld } from '../helpers/live-world';
import { passLine, scale } from './battery';

// Sockets that subscribe, then stop reading and send only blind pongs, while changes keep coming: the
// server must neither buffer for them without bound nor keep them. The liveness timer is moved by hand
// (one step per simulated second), so the test does not depend on how busy the machine is.

setUpLiveWorld({ manualTimer: true });

const STALLED = 50;

describe('stalled subscribers', () => {
  it(`${STALLED} sockets that stop reading are dropped; what the server holds for them stays bounded`, async () => {
    const { eventId } = await anEvent();
    const url = `${lw.srv.url.replace(/^http/, 'ws')}/trpc`;
    const stalled = await Promise.all(
      Array.from({ length: STALLED }, async (_, i) => {
        const ws = new WebSocket(url, { autoPong: false });
        await new Promise((resolve) => ws.once('open', resolve));
        let started = false;
        ws.on('message', () => {
          started = true;
        });
        ws.send(JSON.stringify(subscribeCall(i + 1, eventId)));
        while (!started) await new Promise((r) => setTimeout(r, 5));
        ws.pause(); // reads nothing from here on
        return ws;
      }),
    );
    const live = liveChanges(lw.srv.deps, eventId);
    const seconds = scale(3 * (SOCKET_LIMITS.LIVENESS_MS / 1000), 300);
    const rssStart = process.memoryUsage().rss;
    let heldMax = 0;
    let rssMax = rssStart;
    for (let s = 0; s < seconds; s++) {
      for (let j = 0; j < scale(5, 20); j++) await live.join({ first_name: `P${s}-${j}`, last_name: 'x'.repeat(50) });
      for (const ws of stalled) if (ws.readyState === ws.OPEN) ws.pong(Buffer.from('blind'));
      lw.timer.advance(1_000);
      await new Promise((r) => setImmediate(r));
      let held = 0;
      for (const c of lw.srv.app.websockets.clients) held += c.bufferedAmount;
      heldMax = Math.max(heldMax, held);
      rssMax = Math.max(rssMax, process.memoryUsage().rss);
    }
    await expect.poll(() => lw.srv.app.websockets.clients.size).toBe(0);
    expect(heldMax).toBeLessThanOrEqual(STALLED * 2 * SOCKET_LIMITS.MAX_BUFFERED_BYTES);
    passLine('stalled subscribers', {
      sockets: STALLED,
      simulatedSeconds: seconds,
      openAfter: lw.srv.app.websockets.clients.size,
      serverHeldMaxKB: Math.round(heldMax / 1024),
      rssGrowthMB: Math.round((rssMax - rssStart) / 2 ** 20),
    });
    for (const ws of stalled) ws.terminate();
  });
});
