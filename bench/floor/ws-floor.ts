/**
 * B3/B4's floor: a raw `ws` server that does the least a fan-out can do. It answers a subscribe frame
 * with tRPC's "started" frame (so the same subscriber pool drives it and the app), and on `broadcast`
 * builds each message once, in the app's frame shape padded to the app's frame size, and sends it to
 * every socket. Each message's send time is reported with the shared clock, as the app's publish is.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { selfUsage, serve, wallNow } from '../lib/child';

const server = http.createServer();
const wss = new WebSocketServer({ server, path: '/trpc', perMessageDeflate: false });
const STARTED = '{"id":1,"result":{"type":"started"}}';
wss.on('connection', (ws) => {
  ws.on('message', () => ws.send(STARTED));
});
let seq = 0;

serve({
  async start() {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  },
  clients: () => wss.clients.size,
  /** `n` messages of `frameBytes` each to every client, `gapMs` apart (0: back to back, in one go). */
  async broadcast(arg: { n: number; frameBytes: number; gapMs: number }) {
    for (let i = 0; i < arg.n; i++) {
      seq++;
      const head = `{"id":1,"result":{"type":"data","data":{"id":"${seq}","data":{"changes":[{"seq":${seq},"kind":"joined","pad":"`;
      const tail = '"}]}}}}';
      const frame = head + 'x'.repeat(Math.max(0, arg.frameBytes - head.length - tail.length)) + tail;
      const t = wallNow();
      for (const ws of wss.clients) ws.send(frame);
      process.send?.({ event: 'published', seqs: [seq], t });
      if (arg.gapMs > 0) await new Promise((r) => setTimeout(r, arg.gapMs));
    }
    return seq;
  },
  usage: () => selfUsage(),
  stop() {
    for (const ws of wss.clients) ws.terminate();
    server.close();
    setImmediate(() => process.exit(0));
    return true;
  },
});
