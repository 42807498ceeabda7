import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket as WsSocket } from 'ws';
import { leanConnect } from '../../bench/lib/lean-ws';

// The load driver's own WebSocket client (bench/lib/lean-ws.ts) against the `ws` server the app runs:
// the frames it reads must be exactly what `ws` sent, whatever their size and however they are split.
describe('the load driver WebSocket client', () => {
  let wss: WebSocketServer | undefined;
  afterEach(async () => {
    for (const c of wss?.clients ?? []) c.terminate();
    await new Promise<void>((resolve) => (wss ? wss.close(() => resolve()) : resolve()));
  });

  async function pair() {
    wss = new WebSocketServer({ host: '127.0.0.1', port: 0, path: '/trpc', perMessageDeflate: false });
    await new Promise((resolve) => wss?.once('listening', resolve));
    const url = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/trpc`;
    const server = new Promise<WsSocket>((resolve) => wss?.once('connection', resolve));
    const got: string[] = [];
    const events: string[] = [];
    let opened!: () => void;
    const open = new Promise<void>((resolve) => {
      opened = resolve;
    });
    const client = leanConnect(
      url,
      {},
      {
        onOpen: () => opened(),
        onMessage: (payload) => got.push(payload.toString()),
        onError: (err) => events.push(`error ${err.message}`),
        onClose: () => events.push('close'),
      },
    );
    await open;
    return { client, server: await server, got, events };
  }

  it('reads every frame as sent, small, 16-bit and 64-bit lengths, split across reads or many in one', async () => {
    const { server, got } = await pair();
    const sizes = [0, 1, 125, 126, 300, 65_535, 65_536, 70_000, 300_000, ...Array(50).fill(13_000)];
    const sent = sizes.map((n) =>
      crypto
        .randomBytes(Math.ceil(n / 2))
        .toString('hex')
        .slice(0, n),
    );
    for (const text of sent) server.send(text);
    await expect.poll(() => got.length).toBe(sent.length);
    expect(got).toEqual(sent);
  });

  it('sends masked text frames the server reads, answers a ping with its payload and ends on a close', async () => {
    const { client, server, events } = await pair();
    const received = new Promise<string>((resolve) => server.once('message', (m) => resolve(m.toString())));
    client.send('{"id":1,"method":"subscription"}');
    expect(await received).toBe('{"id":1,"method":"subscription"}');
    const pong = new Promise<string>((resolve) => server.once('pong', (p) => resolve(p.toString())));
    server.ping('are you there');
    expect(await pong).toBe('are you there');
    const closed = new Promise<number>((resolve) => server.once('close', (code) => resolve(code)));
    server.close(1001);
    expect(await closed).toBe(1001);
    await expect.poll(() => events).toEqual(['close']);
  });

  it('refuses a handshake that is not a switch of protocols', async () => {
    wss = new WebSocketServer({ host: '127.0.0.1', port: 0, path: '/trpc' });
    await new Promise((resolve) => wss?.once('listening', resolve));
    const events: string[] = [];
    leanConnect(
      `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/elsewhere`,
      {},
      {
        onOpen: () => events.push('open'),
        onMessage: () => undefined,
        onError: (e) => events.push(e.message),
        onClose: () => events.push('close'),
      },
    );
    await expect.poll(() => events.at(-1)).toBe('close');
    expect(events[0]).toMatch(/handshake refused: HTTP\/1\.1 400/);
    expect(events).not.toContain('open');
  });
});
