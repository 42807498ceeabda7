import type { IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { changeTransaction, recordChange } from '#server/features/changes/changes.repo';
import type { LiveChange } from '#server/features/live/live-payload';
import { newId } from '#server/lib/ids';
import { lw } from './live-world';

// Live subscriptions spoken in raw frames on the real server (as wsLink speaks them), for the tests of
// the live wire itself: frames as received, byte for byte.

/** Joins committed in one transaction; published at once unless `publish` is false (the feed not told yet). */
export async function joinTogether(eventId: string, names: string[], publish = true) {
  const deps = lw.srv.deps;
  const now = deps.clock.now().toISOString();
  const ids = names.map(() => newId());
  const changes = await changeTransaction(deps.db, async (trx) => {
    const recorded = [];
    for (const [i, first_name] of names.entries()) {
      await trx
        .insertInto('event_registrations')
        .values({
          id: ids[i],
          event_id: eventId,
          first_name,
          last_name: 'Tester',
          email: `${first_name.toLowerCase()}@example.com`,
          phone: null,
          headline: null,
          photo_url: null,
          registration_token_hash: `hash-${ids[i]}`,
          checked_in_at: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      recorded.push(await recordChange(trx, { event_id: eventId, registration_id: ids[i], kind: 'joined', now }));
    }
    return recorded;
  });
  if (publish) deps.bus.publish(changes);
  return { ids, changes };
}

export type Frame = {
  id: string | number;
  jsonrpc?: string;
  result: { type: string; id?: string; data: { id: string; data: { changes: LiveChange[] } } };
};

/** A raw WebSocket on the real server: every text frame kept, as received. */
export async function rawSocket() {
  const ws = new WebSocket(`${lw.srv.url.replace(/^http/, 'ws')}/trpc`);
  const raw: string[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data, isBinary) => {
    raw.push(isBinary ? '<binary>' : data.toString());
    for (const w of waiters) w();
  });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const frames = (id: string | number) => raw.map((r) => JSON.parse(r) as Frame).filter((f) => f.id === id);
  /** The data frames of one subscription (one batch each). */
  const data = (id: string | number) => frames(id).filter((f) => f.result.type === 'data');
  /** Every change of one subscription, in the order received. */
  const changes = (id: string | number) => data(id).flatMap((f) => f.result.data.data.changes);
  const until = (done: () => boolean, what: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!done()) return;
        clearTimeout(cap);
        waiters.delete(check);
        resolve();
      };
      const cap = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`${what} did not happen; frames: ${raw.join('\n')}`));
      }, 20_000); // a cap for a failure, generous for a busy machine
      waiters.add(check);
      check();
    });
  return {
    ws,
    raw,
    data,
    changes,
    send: (msg: unknown) => ws.send(JSON.stringify(msg)),
    started: (id: string | number) => until(() => frames(id).some((f) => f.result.type === 'started'), `${id} started`),
    stopped: (id: string | number) => until(() => frames(id).some((f) => f.result.type === 'stopped'), `${id} stopped`),
    /** Resolves once `n` changes (not frames) have arrived on the subscription. */
    count: (id: string | number, n: number) => until(() => changes(id).length >= n, `${n} changes on ${id}`),
    close: () => ws.terminate(),
  };
}

export const subscribeCall = (id: string | number, eventId: string, lastEventId?: string, jsonrpc?: '2.0') => ({
  id,
  jsonrpc,
  method: 'subscription',
  params: { path: 'live.onEvent', input: { eventId }, lastEventId },
});

/**
 * A real WebSocket pair on loopback, outside the app: the client (`watch` attaches its listeners before
 * it opens) and the server side with the TCP socket of its upgrade, for a direct line made as the
 * decoder makes it.
 */
export async function socketPair(watch: (client: WebSocket) => void = () => {}) {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => wss.once('listening', resolve));
  const accepted = new Promise<[WebSocket, IncomingMessage]>((resolve) =>
    wss.once('connection', (ws, req) => resolve([ws, req])),
  );
  const client = new WebSocket(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}`);
  watch(client);
  await new Promise((resolve) => client.once('open', resolve));
  const [server, req] = await accepted;
  return {
    client,
    server,
    tcp: req.socket as Socket,
    close: async () => {
      client.terminate();
      await new Promise((resolve) => wss.close(resolve));
    },
  };
}
