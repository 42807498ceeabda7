import { sharedJson } from '../lib/shared-json';

/**
 * Every tRPC message this app builds by hand, in one place (docs/decisions/0013-trpc-internals.md). They
 * imitate tRPC 11's WebSocket adapter at the installed version; `wire-frames.test.ts` compares each
 * with what tRPC's own adapter sends for the same item, so an upgrade that changes the format fails it.
 * A data frame for a tracked item: `{"id":<request id>[,"jsonrpc":…],"result":{"type":"data",
 * "data":{"id":"<tracked id>","data":<payload>},"id":"<tracked id>"}}`.
 */

/** What tRPC's own `broadcastReconnectNotification` sends: the client reconnects (elsewhere) at once. */
export const RECONNECT = JSON.stringify({ id: null, method: 'reconnect' });

/** The start of every message answering request `id`: `{"id":…[,"jsonrpc":…]`. */
export function messageHead(id: number | string, jsonrpc: unknown): string {
  const rpc = jsonrpc === undefined ? '' : `,"jsonrpc":${JSON.stringify(jsonrpc)}`;
  return `{"id":${JSON.stringify(id)}${rpc}`;
}

/** What follows a line's head in a tracked data frame: made once per item, shared by every socket. */
export function dataFrameTail(trackedId: string, json: string): string {
  const id = JSON.stringify(trackedId);
  return `,"result":{"type":"data","data":{"id":${id},"data":${json}},"id":${id}}}`;
}

/**
 * A message as one unmasked, unfragmented WebSocket text frame (RFC 6455 §5.2): what `ws` writes for
 * `socket.send(text)` on a server socket without compression, header and payload in one buffer, so a
 * frame shared by many sockets is one write each (`wire-frames.test.ts` compares it with ws's own).
 */
export function textFrame(payload: Buffer): Buffer {
  const n = payload.length;
  const head = n < 126 ? 2 : n < 65536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(head + n);
  frame[0] = 0x81; // FIN, text
  if (head === 2) frame[1] = n;
  else if (head === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(n, 2);
  } else {
    frame[1] = 127;
    frame.writeUInt32BE(Math.floor(n / 2 ** 32), 2);
    frame.writeUInt32BE(n >>> 0, 6);
  }
  payload.copy(frame, head);
  return frame;
}

/** A whole data frame: a line's head, then the tail of the tracked item. */
export const dataFrame = (head: string, trackedId: string, json: string) => head + dataFrameTail(trackedId, json);

type DataResponse = {
  id: number | string;
  jsonrpc?: string;
  result: { type: 'data'; id: string; data: { id: string; data: unknown } };
};

/**
 * `jsonEncoder.encode`, except for a tracked subscription item whose data is marked by `shareJson`:
 * that frame is put together around the data's JSON made once, byte for byte what JSON.stringify
 * gives for tRPC's envelope (keys in the order tRPC sets them).
 */
export function encodeResponse(message: unknown): string {
  const m = message as DataResponse;
  const r = m?.result;
  if (r?.type === 'data' && typeof r.id === 'string' && r.data?.id === r.id && isPlainEnvelope(m)) {
    const json = sharedJson(r.data.data);
    if (json !== undefined) return dataFrame(messageHead(m.id, m.jsonrpc), r.id, json);
  }
  return JSON.stringify(message);
}

/** Exactly the keys (and order) tRPC 11's WebSocket adapter sends for a tracked item: nothing else to encode. */
function isPlainEnvelope(m: DataResponse) {
  const keys = Object.keys(m);
  const ok = keys.length === 3 ? keys[1] === 'jsonrpc' : keys.length === 2;
  if (!ok || keys[0] !== 'id' || keys[keys.length - 1] !== 'result') return false;
  if (typeof m.id !== 'number' && typeof m.id !== 'string') return false;
  const r = Object.keys(m.result);
  const d = Object.keys(m.result.data);
  return r.length === 3 && r[0] === 'type' && r[1] === 'data' && r[2] === 'id' && d.length === 2 && d[0] === 'id';
}
