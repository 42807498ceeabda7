import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';
import { tooFarBehind } from './socket-limits';
import { messageHead } from './wire-frames';

/**
 * A subscription's own line to its WebSocket: the app writes the subscription's data frames itself,
 * byte for byte as tRPC's adapter would (built in ./wire-frames.ts), so wsLink sees the same wire.
 * Why: a live change fans out to every subscriber of its event, and tRPC's per-subscription loop costs
 * ~20 µs per item per socket (the generator resumed, a race with the abort promise, the envelope, two
 * object spreads, GC); written here, one change is one frame built once (per request id) and a plain
 * socket write per subscriber, and a batch of changes to one socket is one TCP write.
 * tRPC still owns the subscription: it sends `started`, runs the procedure (input, session and
 * ownership checks), sends errors and `stopped`, and aborts it on `subscription.stop` or close.
 */
export type DirectLine = { socket: WebSocket; tcp: Socket; head: string };

const lines = new WeakMap<object, DirectLine>();

type Call = { id?: unknown; jsonrpc?: unknown; method?: unknown; params?: { input?: unknown; lastEventId?: unknown } };
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * Called by the WebSocket decoder for each incoming call: a subscription's raw input is linked to the
 * socket and request id it came with, for `directLine`. A `lastEventId` sent beside the input is merged
 * into it here, as tRPC's adapter would (`{ ...input, lastEventId }`), so that the adapter hands the
 * procedure this very object as its raw input.
 */
export function noteCall(socket: WebSocket, tcp: Socket, call: unknown) {
  if (!isObject(call)) return;
  const { id, jsonrpc, method, params } = call as Call;
  if (method !== 'subscription' || !isObject(params)) return;
  if (typeof id !== 'number' && typeof id !== 'string') return;
  let input = params.input;
  if (params.lastEventId !== undefined) {
    if (input != null && !isObject(input)) return;
    input = { ...(input ?? {}), lastEventId: params.lastEventId };
    params.input = input;
    delete params.lastEventId;
  }
  if (!isObject(input)) return;
  lines.set(input, { socket, tcp, head: messageHead(id, jsonrpc) });
}

/** The line of a subscription called over a WebSocket (from its raw input), or undefined (HTTP, a caller). */
export function directLine(rawInput: unknown): DirectLine | undefined {
  return isObject(rawInput) ? lines.get(rawInput) : undefined;
}

/**
 * Sends whole WebSocket frames (`textFrame`) on a line, in order, in one TCP write. False when the
 * socket is no longer open. They go straight to the TCP socket: `ws` writes each of its own frames to
 * it at once (no compression is set up, so nothing waits in its sender), so they keep their order with
 * its pings and closes, and its `bufferedAmount` counts them.
 */
export function writeFrames(line: DirectLine, frames: Buffer | readonly Buffer[]): boolean {
  const { socket, tcp } = line;
  if (socket.readyState !== socket.OPEN || tcp.destroyed) return false;
  if (tooFarBehind(socket)) return false;
  if (Buffer.isBuffer(frames)) {
    tcp.write(frames);
    return true;
  }
  if (frames.length <= 1) {
    if (frames.length === 1) tcp.write(frames[0]);
    return true;
  }
  tcp.cork();
  try {
    for (const frame of frames) tcp.write(frame);
  } finally {
    tcp.uncork();
  }
  return true;
}
