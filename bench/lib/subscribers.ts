import { reconnectDelayMs } from '#shared/live-retry';
import { wallNow } from './child';
import { type LeanSocket, leanConnect } from './lean-ws';
import { sleep } from './stats';

/**
 * Live subscribers speaking tRPC's WebSocket protocol in raw frames (what wsLink sends) over a lean
 * WebSocket client (./lean-ws.ts), so that thousands of them stay cheap for the load driver: a frame is
 * not parsed, only searched for its
 * tracked id and for each change's `{"seq":` (a key the server writes first in every change; inside a
 * JSON string its quotes would be escaped), except on the `sample` of subscribers that parse every
 * frame for the lost-change check. A change is counted only when its seq is above the last one
 * counted, so a change sent twice is not counted twice.
 *   → {"id":1,"method":"subscription","params":{"path":"live.onEvent","input":{eventId,lastEventId}}}
 *   ← {"id":1,"result":{"type":"started"}}, then
 *     {"id":1,"result":{"type":"data","data":{"id":"<last seq>","data":{"changes":[{"seq":<seq>,…},…]}}}}
 * The server's keep-alive PING is answered with PONG. With `reconnect`, a closed socket comes back
 * after the app's own waits (`reconnectDelayMs`: at once, then ~1 s, 2 s, 4 s… up to 10 s, jittered) and
 * resubscribes with the last seq it received as lastEventId, as wsLink does with tracked() items.
 */
const DATA = Buffer.from('{"type":"data","data":{"id":"');
const SEQ = Buffer.from('{"seq":');
const STARTED = Buffer.from('"type":"started"');

export type Subscriber = {
  index: number;
  /** Data frames received (every kind), since the pool opened. */
  frames: number;
  /** Changes received (several per frame under a rush), each counted once, since the pool opened. */
  changes: number;
  /** Seq of the last change counted. */
  lastChangeSeq: number;
  /** Changes received again, or after a later one (seq not above the last counted): not counted. */
  repeats: number;
  /** Subscriptions started (1 + successful resubscriptions). */
  starts: number;
  startedAt: number;
  lastSeq: string | undefined;
  /** Size of the last data frame received (bytes). */
  lastFrameBytes: number;
  /** Sample subscribers only: every payload received, parsed. */
  items?: { seq: string; kind: string; id: string | null }[];
  ws?: LeanSocket;
  closedAt?: number;
};

export type PoolOpts = {
  url: string;
  eventId: string;
  lastEventId?: string;
  count: number;
  sample?: number;
  reconnect?: boolean;
  /** Source addresses to spread the sockets over (127.0.0.x); default the system's choice. */
  localAddresses?: string[];
  /** Called with the arrival time of each change (shared clock; a frame's changes share it), on every subscriber. */
  onData?: (seq: string, t: number, sub: Subscriber) => void;
  /** Connections opened at once while filling the pool. */
  openBatch?: number;
};

function seqOf(buf: Buffer, at: number): string {
  let end = at;
  while (buf[end] !== 0x22 /* " */) end++;
  return buf.toString('latin1', at, end);
}

/** The number written at `at` (digits only). */
function numberAt(buf: Buffer, at: number): number {
  let n = 0;
  for (let i = at; buf[i] >= 0x30 && buf[i] <= 0x39; i++) n = n * 10 + buf[i] - 0x30;
  return n;
}

export async function openSubscribers(o: PoolOpts) {
  const wsUrl = `${o.url.replace(/^http/, 'ws')}/trpc`;
  const subs: Subscriber[] = [];
  let closing = false;
  let errors = 0;

  const connect = (sub: Subscriber, attempt: number) => {
    const localAddress = o.localAddresses?.[sub.index % o.localAddresses.length];
    let opened = false;
    const ws = leanConnect(
      wsUrl,
      { localAddress },
      {
        onOpen: () => {
          opened = true;
          const lastEventId = sub.lastSeq ?? o.lastEventId;
          ws.send(
            JSON.stringify({
              id: 1,
              method: 'subscription',
              params: { path: 'live.onEvent', input: { eventId: o.eventId, lastEventId } },
            }),
          );
        },
        onMessage: (buf) => {
          if (buf.length === 4 && buf.toString() === 'PING') return ws.send('PONG');
          const at = buf.indexOf(DATA);
          if (at >= 0) {
            const t = wallNow();
            const seq = seqOf(buf, at + DATA.length);
            sub.frames++;
            sub.lastSeq = seq;
            sub.lastFrameBytes = buf.length;
            for (let c = buf.indexOf(SEQ, at); c >= 0; c = buf.indexOf(SEQ, c + SEQ.length)) {
              const changeSeq = numberAt(buf, c + SEQ.length);
              if (changeSeq <= sub.lastChangeSeq) {
                sub.repeats++;
                continue;
              }
              sub.lastChangeSeq = changeSeq;
              sub.changes++;
              o.onData?.(String(changeSeq), t, sub);
            }
            if (sub.items) {
              const msg = JSON.parse(buf.toString()) as {
                result: { data: { data: { changes: { seq: number; kind: string; id: string | null }[] } } };
              };
              for (const c of msg.result.data.data.changes)
                sub.items.push({ seq: String(c.seq), kind: c.kind, id: c.id });
            }
          } else if (buf.indexOf(STARTED) >= 0) {
            sub.starts++;
            sub.startedAt = wallNow();
          }
        },
        onError: () => {
          errors++;
        },
        onClose: () => {
          sub.closedAt = wallNow();
          if (closing || !o.reconnect) return;
          const next = opened ? 0 : attempt + 1;
          setTimeout(() => connect(sub, next), reconnectDelayMs(next)).unref();
        },
      },
    );
    sub.ws = ws;
  };

  const batch = o.openBatch ?? 200;
  for (let i = 0; i < o.count; i++) {
    const sub: Subscriber = {
      index: i,
      frames: 0,
      changes: 0,
      lastChangeSeq: 0,
      repeats: 0,
      starts: 0,
      startedAt: 0,
      lastSeq: undefined,
      lastFrameBytes: 0,
    };
    if (i < (o.sample ?? 0)) sub.items = [];
    subs.push(sub);
  }
  for (let i = 0; i < subs.length; i += batch) {
    const group = subs.slice(i, i + batch);
    for (const s of group) connect(s, 0);
    const end = Date.now() + 30_000;
    while (group.some((s) => s.starts === 0) && Date.now() < end) await sleep(10);
  }

  return {
    subs,
    errors: () => errors,
    allStarted: (n = 1) => subs.every((s) => s.starts >= n),
    close: async () => {
      closing = true;
      for (const s of subs) s.ws?.terminate();
      await sleep(50);
    },
  };
}

export type SubscriberPool = Awaited<ReturnType<typeof openSubscribers>>;

/** 127.0.0.(first…first+n-1): loopback source addresses, so per-IP limits see many clients as at a venue. */
export const loopbackAddresses = (n: number, first = 10) =>
  Array.from({ length: n }, (_, i) => `127.0.${Math.floor((first + i) / 250)}.${((first + i) % 250) + 1}`);
