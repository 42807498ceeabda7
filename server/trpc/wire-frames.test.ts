import type { AddressInfo } from 'node:net';
import { initTRPC, tracked } from '@trpc/server';
import { applyWSSHandler } from '@trpc/server/adapters/ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as wsModule from 'ws';
import WebSocket, { WebSocketServer } from 'ws';
import { shareJson } from '../lib/shared-json';
import { dataFrame, encodeResponse, messageHead, RECONNECT, textFrame } from './wire-frames';

// A tracked item's response, built the way tRPC 11's WebSocket adapter builds it (adapters/ws: the
// result, then `result.id` and `result.data = { id, data }` for a tracked envelope; transformTRPCResponse
// spreads it again in the same key order).
function trackedResponse(id: number | string, jsonrpc: '2.0' | undefined, item: ReturnType<typeof tracked>) {
  const [seq, data] = item;
  const result: Record<string, unknown> = { type: 'data', data: item };
  result.id = seq;
  result.data = { id: seq, data };
  return { ...{ id, jsonrpc, result }, result: { ...result, data: result.data } };
}

const payload = () => ({
  kind: 'joined',
  id: 'r1',
  registration: { id: 'r1', first_name: 'Zoë "Z"', last_name: '</script>\u2028', photo_url: null, n: 1.5 },
});

describe('encodeResponse (live frames)', () => {
  it('sends a shared live item byte for byte as JSON.stringify of tRPC’s envelope', () => {
    for (const [id, rpc] of [
      [1, undefined],
      ['abc', '2.0'],
      [42, '2.0'],
    ] as const) {
      const msg = trackedResponse(id, rpc, tracked('17', shareJson(payload())));
      expect(encodeResponse(msg)).toBe(JSON.stringify(msg));
    }
    const bare = { id: 3, result: { type: 'data', data: { id: '9', data: shareJson(payload()) }, id: '9' } };
    expect(encodeResponse(bare)).toBe(JSON.stringify(bare));
  });

  it('encodes a shared payload once however many sockets send it; others every time', () => {
    let encoded = 0;
    const counted = () => ({
      ...payload(),
      toJSON: () => {
        encoded++;
        return payload();
      },
    });
    const shared = shareJson(counted());
    for (let socket = 1; socket <= 3; socket++)
      encodeResponse(trackedResponse(socket, undefined, tracked('5', shared)));
    expect(encoded).toBe(1);

    const own = counted();
    for (let socket = 1; socket <= 3; socket++) encodeResponse(trackedResponse(socket, undefined, tracked('5', own)));
    expect(encoded).toBe(4);
  });

  it('leaves every other message to JSON.stringify, even one that carries a shared value', () => {
    const shared = shareJson(payload());
    const others: unknown[] = [
      { id: 1, result: { type: 'started' } },
      { id: 1, result: { type: 'stopped' } },
      { id: 1, result: { type: 'data', data: shared } },
      { id: 1, result: { type: 'data', data: { id: '2', data: shared }, id: '2', extra: true } },
      { id: 1, error: { message: 'x', code: -32004, data: { code: 'NOT_FOUND' } } },
      { id: null, method: 'reconnect' },
      [{ id: 1, result: { type: 'data', data: 'a' } }],
    ];
    for (const msg of others) expect(encodeResponse(msg)).toBe(JSON.stringify(msg));
  });
});

// What tRPC's own WebSocket adapter (the installed version) sends, captured from a real socket: the
// frames this app builds by hand must be these, byte for byte.
// ws's own framing (public in ws, not in its type definitions)
type FrameOptions = { fin: boolean; opcode: number; mask: boolean; readOnly: boolean; rsv1: boolean };
const { Sender } = wsModule as unknown as { Sender: { frame(data: Buffer, o: FrameOptions): Buffer[] } };

describe('textFrame (a whole WebSocket frame, written to many sockets)', () => {
  it('is byte for byte the frame ws sends for the same text, in each of the three length forms', () => {
    for (const length of [0, 1, 125, 126, 1_000, 65_535, 65_536, 200_000]) {
      const payload = Buffer.alloc(length, 0x61);
      const theirs = Sender.frame(payload, { fin: true, opcode: 1, mask: false, readOnly: false, rsv1: false });
      expect(textFrame(payload).equals(Buffer.concat(theirs)), `${length} bytes`).toBe(true);
    }
  });

  it('reaches a ws client as one text message, in order with what ws itself sends on the socket', async () => {
    const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise((resolve) => wss.once('listening', resolve));
    const served = new Promise<WebSocket>((resolve) => wss.once('connection', resolve));
    const client = new WebSocket(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}`);
    const got: string[] = [];
    const all = new Promise<void>((resolve) =>
      client.on('message', (data, binary) => {
        got.push(`${binary ? 'binary' : 'text'}:${data.toString().slice(0, 12)}:${data.toString().length}`);
        if (got.length === 4) resolve();
      }),
    );
    const server = await served;
    const tcp = (server as unknown as { _socket: import('node:net').Socket })._socket;
    tcp.write(textFrame(Buffer.from('first')));
    server.send('second');
    tcp.write(textFrame(Buffer.from('x'.repeat(70_000))));
    server.send('fourth');
    await all;
    expect(got).toEqual(['text:first:5', 'text:second:6', 'text:xxxxxxxxxxxx:70000', 'text:fourth:6']);
    client.terminate();
    await new Promise((resolve) => wss.close(resolve));
  });
});

describe("hand-built frames against tRPC's own adapter", () => {
  const t = initTRPC.create();
  const items = [tracked('17', payload()), tracked('18', { changes: [] }), tracked('19', shareJson(payload()))];
  const router = t.router({
    items: t.procedure.subscription(async function* () {
      for (const item of items) yield item;
    }),
  });
  let wss: WebSocketServer;
  let handler: ReturnType<typeof applyWSSHandler>;
  beforeAll(async () => {
    wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise((resolve) => wss.once('listening', resolve));
    handler = applyWSSHandler({ wss, router });
  });
  afterAll(async () => {
    for (const c of wss.clients) c.terminate();
    await new Promise((resolve) => wss.close(resolve));
  });

  async function framesFor(call: Record<string, unknown>, wanted: number) {
    const ws = new WebSocket(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}`);
    const got: string[] = [];
    await new Promise((resolve) => ws.once('open', resolve));
    const done = new Promise<void>((resolve) =>
      ws.on('message', (data) => {
        got.push(data.toString());
        if (got.length >= wanted) resolve();
      }),
    );
    ws.send(JSON.stringify(call));
    await done;
    return { got, ws };
  }

  it("a tracked data frame: the direct line's and encodeResponse's are tRPC's", async () => {
    for (const [id, jsonrpc] of [
      [1, undefined],
      ['a-1', '2.0'],
    ] as const) {
      const { got, ws } = await framesFor({ id, jsonrpc, method: 'subscription', params: { path: 'items' } }, 5);
      ws.terminate();
      const data = got.filter((f) => JSON.parse(f).result?.type === 'data');
      expect(data).toHaveLength(items.length);
      items.forEach(([trackedId, value], i) => {
        expect(dataFrame(messageHead(id, jsonrpc), trackedId, JSON.stringify(value))).toBe(data[i]);
        expect(encodeResponse(JSON.parse(data[i]))).toBe(data[i]);
      });
      // the shared payload's frame is built around its JSON made once: still tRPC's bytes
      const shared = JSON.parse(data[2]);
      shared.result.data.data = shareJson(shared.result.data.data);
      expect(encodeResponse(shared)).toBe(data[2]);
    }
  });

  it("the reconnect notice is tRPC's", async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}`);
    await new Promise((resolve) => ws.once('open', resolve));
    const message = new Promise<string>((resolve) => ws.once('message', (d) => resolve(d.toString())));
    handler.broadcastReconnectNotification();
    expect(await message).toBe(RECONNECT);
    ws.terminate();
  });
});
