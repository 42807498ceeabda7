import { tracked } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { shareJson } from './shared-json';
import { encodeResponse } from './ws';

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
