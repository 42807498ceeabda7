import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import NodeWebSocket from 'ws';
import type { LiveBatch, LivePayload } from '#server/features/live/live-payload';
import type { AppRouter } from '#server/trpc/router';

/** One change as a test reads it: its seq as the id, what changed as the data. */
type Item = { id: string; data: LivePayload };
/** One item as the server sends it: a batch of changes, tracked under the last one's seq. */
type Batch = { id: string; data: LiveBatch };
type Subscribable = {
  subscribe: (
    input: { eventId: string; lastEventId?: string | null },
    opts: {
      onData: (item: Batch) => void;
      onError: (err: unknown) => void;
      onComplete: () => void;
    },
  ) => { unsubscribe: () => void };
};

/**
 * Collects a live subscription's changes (`items`, one per change, unpacked from the batches the
 * server sends, which are kept in `batches`). `count(n)` resolves once n changes have arrived (rejects
 * with what did arrive if they do not within `capMs`: the cap only ends a failing test quickly).
 */
export function watch(procedure: Subscribable, input: { eventId: string; lastEventId?: string | null }) {
  const items: Item[] = [];
  const batches: Batch[] = [];
  const waiting = new Set<() => void>();
  let error: unknown;
  let completed = false;
  const poke = () => {
    for (const w of waiting) w();
  };
  const sub = procedure.subscribe(input, {
    onData: (batch) => {
      batches.push(batch);
      for (const { seq, ...data } of batch.data.changes) items.push({ id: String(seq), data: data as LivePayload });
      poke();
    },
    onError: (err) => {
      error = err;
      poke();
    },
    onComplete: () => {
      completed = true;
      poke();
    },
  });
  const until = (done: () => boolean, what: string, capMs = 20_000) =>
    new Promise<void>((resolve, reject) => {
      if (done()) return resolve();
      const cap = setTimeout(() => {
        waiting.delete(check);
        reject(new Error(`${what} did not happen; items: ${JSON.stringify(items)}; error: ${String(error)}`));
      }, capMs);
      const check = () => {
        if (!done()) return;
        clearTimeout(cap);
        waiting.delete(check);
        resolve();
      };
      waiting.add(check);
    });
  return {
    items,
    batches,
    kinds: () => items.map((i) => i.data.kind),
    error: () => error,
    completed: () => completed,
    count: (n: number) => until(() => items.length >= n, `${n} items`),
    ended: () => until(() => completed || error !== undefined, 'the end of the subscription'),
    unsubscribe: () => sub.unsubscribe(),
  };
}

/**
 * A WebSocket-only client whose network can be cut: `drop()` kills the socket and refuses new ones
 * (they go to a closed port) until `restore()`. Every frame received is kept in `frames`. tRPC's
 * wsLink retries by itself and resubscribes with the last tracked id it saw.
 */
export function flakyClient(url: string, cookie = '') {
  let online = true;
  const sockets: NodeWebSocket[] = [];
  const frames: string[] = [];
  const wsUrl = `${url.replace(/^http/, 'ws')}/trpc`;
  class FlakyWebSocket extends NodeWebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(online ? address : 'ws://127.0.0.1:9/trpc', protocols, { headers: cookie ? { cookie } : {} });
      sockets.push(this);
      this.on('message', (data) => frames.push(data.toString()));
    }
  }
  const wsClient = createWSClient({
    url: wsUrl,
    WebSocket: FlakyWebSocket as unknown as typeof WebSocket,
    retryDelayMs: () => 10,
  });
  return {
    trpc: createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient })] }),
    frames,
    drop: () => {
      online = false;
      for (const s of sockets.splice(0)) s.terminate();
    },
    restore: () => {
      online = true;
    },
    close: () => wsClient.close(),
  };
}
