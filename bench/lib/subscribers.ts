import WebSocket from 'ws';
import { wallNow } from './child';
import { sleep } from './stats';

/**
 * Live subscribers speaking tRPC's WebSocket protocol in raw frames (what wsLink sends), so that
 * thousands of them stay cheap for the load driver: a frame is not parsed, only searched for its seq,
 * except on the `sample` of subscribers that keep every payload for the lost-change check.
 *   → {"id":1,"method":"subscription","params":{"path":"live.onEvent","input":{eventId,lastEventId}}}
 *   ← {"id":1,"result":{"type":"started"}}, then {"id":1,"result":{"type":"data","data":{"id":"<seq>","data":<payload>}}}
 * The server's keep-alive PING is answered with PONG. With `reconnect`, a closed socket comes back
 * after wsLink's default backoff (0 ms, then 2 s, 4 s, … up to 30 s) and resubscribes with the last seq it
 * received as lastEventId, as wsLink does with tracked() items.
 */
const DATA = Buffer.from('{"type":"data","data":{"id":"');
const STARTED = Buffer.from('"type":"started"');
const backoff = (attempt: number) => (attempt === 0 ? 0 : Math.min(1000 * 2 ** attempt, 30_000));

export type Subscriber = {
  index: number;
  /** Data frames received (every kind), since the pool opened. */
  frames: number;
  /** Subscriptions started (1 + successful resubscriptions). */
  starts: number;
  startedAt: number;
  lastSeq: string | undefined;
  /** Size of the last data frame received (bytes). */
  lastFrameBytes: number;
  /** Sample subscribers only: every payload received, parsed. */
  items?: { seq: string; kind: string; id: string | null }[];
  ws?: WebSocket;
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
  /** Called with the arrival time of each data frame (shared clock), on every subscriber. */
  onData?: (seq: string, t: number, sub: Subscriber) => void;
  /** Connections opened at once while filling the pool. */
  openBatch?: number;
};

function seqOf(buf: Buffer, at: number): string {
  let end = at;
  while (buf[end] !== 0x22 /* " */) end++;
  return buf.toString('latin1', at, end);
}

export async function openSubscribers(o: PoolOpts) {
  const wsUrl = `${o.url.replace(/^http/, 'ws')}/trpc`;
  const subs: Subscriber[] = [];
  let closing = false;
  let errors = 0;

  const connect = (sub: Subscriber, attempt: number) => {
    const localAddress = o.localAddresses?.[sub.index % o.localAddresses.length];
    const ws = new WebSocket(wsUrl, { localAddress, perMessageDeflate: false });
    sub.ws = ws;
    let opened = false;
    ws.on('open', () => {
      opened = true;
      const lastEventId = sub.lastSeq ?? o.lastEventId;
      ws.send(
        JSON.stringify({
          id: 1,
          method: 'subscription',
          params: { path: 'live.onEvent', input: { eventId: o.eventId, lastEventId } },
        }),
      );
    });
    ws.on('message', (buf: Buffer) => {
      if (buf.length === 4 && buf.toString() === 'PING') return ws.send('PONG');
      const at = buf.indexOf(DATA);
      if (at >= 0) {
        const t = wallNow();
        const seq = seqOf(buf, at + DATA.length);
        sub.frames++;
        sub.lastSeq = seq;
        sub.lastFrameBytes = buf.length;
        if (sub.items) {
          const msg = JSON.parse(buf.toString()) as {
            result: { data: { data: { kind: string; id: string | null } } };
          };
          sub.items.push({ seq, kind: msg.result.data.data.kind, id: msg.result.data.data.id });
        }
        o.onData?.(seq, t, sub);
      } else if (buf.indexOf(STARTED) >= 0) {
        sub.starts++;
        sub.startedAt = wallNow();
      }
    });
    ws.on('error', () => {
      errors++;
    });
    ws.on('close', () => {
      sub.closedAt = wallNow();
      if (closing || !o.reconnect) return;
      const next = opened ? 0 : attempt + 1;
      setTimeout(() => connect(sub, next), backoff(next)).unref();
    });
  };

  const batch = o.openBatch ?? 200;
  for (let i = 0; i < o.count; i++) {
    const sub: Subscriber = { index: i, frames: 0, starts: 0, startedAt: 0, lastSeq: undefined, lastFrameBytes: 0 };
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
