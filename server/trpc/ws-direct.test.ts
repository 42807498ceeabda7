import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { directLine, noteCall } from './ws-direct';

// Stand-ins for the socket pair: noteCall only keeps them.
const socket = {} as WebSocket;
const tcp = {} as Socket;

const subscription = (id: unknown, params: Record<string, unknown>, jsonrpc?: string) => ({
  id,
  jsonrpc,
  method: 'subscription',
  params: { path: 'live.onEvent', ...params } as { path: string; input?: unknown; lastEventId?: unknown },
});

describe('noteCall / directLine', () => {
  it('links a subscription’s raw input to its socket and request id; a query, a stop or a bad id gets none', () => {
    const call = subscription('a-1', { input: { eventId: 'e1' } }, '2.0');
    noteCall(socket, tcp, call);
    const line = directLine(call.params.input);
    expect(line).toMatchObject({ socket, tcp, head: '{"id":"a-1","jsonrpc":"2.0"' });
    expect(directLine({ eventId: 'e1' })).toBeUndefined(); // an equal object is not the call's

    for (const other of [
      { id: 2, method: 'query', params: { path: 'live.cursor', input: { eventId: 'e1' } } },
      { id: 3, method: 'subscription.stop' },
      subscription(null, { input: { eventId: 'e1' } }),
      subscription({ x: 1 }, { input: { eventId: 'e1' } }),
    ]) {
      noteCall(socket, tcp, other);
      expect(directLine((other as { params?: { input?: unknown } }).params?.input)).toBeUndefined();
    }
  });

  it('merges a lastEventId sent beside the input into it, as tRPC’s adapter would, and links that object', () => {
    const call = subscription(7, { input: { eventId: 'e1' }, lastEventId: '42' });
    noteCall(socket, tcp, call);
    // the adapter now finds no lastEventId beside the input and hands this object to the procedure as is
    expect(call.params).toEqual({ path: 'live.onEvent', input: { eventId: 'e1', lastEventId: '42' } });
    expect(directLine(call.params.input)?.head).toBe('{"id":7');

    const bare = subscription(8, { lastEventId: '5' });
    noteCall(socket, tcp, bare);
    expect(bare.params).toEqual({ path: 'live.onEvent', input: { lastEventId: '5' } });
    expect(directLine(bare.params.input)?.head).toBe('{"id":8');
  });
});
