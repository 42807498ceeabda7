import crypto from 'node:crypto';
import type pg from 'pg';
import { loadPg } from '../../db/pg-module';
import type { Log } from '../../lib/log';
import type { SessionEndBroadcast } from '../auth/session';
import { type Change, createInProcessBus, type LiveBus } from './bus';

// The live bus across processes (README "PostgreSQL"): each process publishes to its own subscribers at
// once and tells the others with NOTIFY; each listens on one connection of its own. A message only rings
// a feed's bell (server/features/live/live-feed.ts): the feed then reads the change log, the order of
// truth, so a notification that is lost costs nothing but time. When the listening connection drops, it
// reconnects and rings every watched event, whose feeds then read what they missed from the log.

const CHANNEL = 'roomlist_changes';
const SESSIONS_CHANNEL = 'roomlist_sessions_ended';
// NOTIFY's payload is at most 8,000 bytes: changes go in chunks well under it
const CHUNK = 40;
const RECONNECT_MS = [250, 1_000, 5_000];

type Wire = { o: string; c: [number, string, string, Change['kind']][] };
type SessionsWire = { o: string; s: string[] };

export type PostgresBus = LiveBus & {
  /** Sessions that ended, between processes (server/features/auth/session.ts closes their sockets). */
  sessionsEnded: SessionEndBroadcast;
  close(): Promise<void>;
  ready(): Promise<void>;
};

export function createPostgresBus(
  url: string,
  log: Log,
  notify: (channel: string, payload: string) => Promise<unknown>,
): PostgresBus {
  const local = createInProcessBus();
  const origin = crypto.randomUUID();
  let client: pg.Client | undefined;
  let closed = false;
  let attempt = 0;

  const sessionListeners = new Set<(ids: string[]) => void>();
  const receiveSessions = (payload: string | undefined) => {
    try {
      const wire = JSON.parse(payload ?? '') as SessionsWire;
      if (wire.o !== origin) for (const l of sessionListeners) l(wire.s);
    } catch {
      // not ours
    }
  };

  const receive = (payload: string | undefined) => {
    if (!payload) return;
    let wire: Wire;
    try {
      wire = JSON.parse(payload) as Wire;
    } catch {
      return;
    }
    if (wire.o === origin) return; // published here already
    local.publish(wire.c.map(([seq, event_id, registration_id, kind]) => ({ seq, event_id, registration_id, kind })));
  };

  const connect = async (): Promise<void> => {
    const c = new (loadPg().Client)({ connectionString: url, application_name: 'roomlist-live-bus' });
    c.on('notification', (msg) =>
      msg.channel === SESSIONS_CHANNEL ? receiveSessions(msg.payload) : receive(msg.payload),
    );
    c.on('error', (err) => log.warn({ err: { message: err.message } }, 'live bus connection lost; reconnecting'));
    c.on('end', () => {
      if (client === c) client = undefined;
      if (!closed) reconnect();
    });
    await c.connect();
    await c.query(`LISTEN ${CHANNEL}`);
    await c.query(`LISTEN ${SESSIONS_CHANNEL}`);
    client = c;
    if (attempt > 0) {
      log.info('live bus reconnected');
      // whatever was published while this process was not listening is in the log: ring every feed
      local.publish(
        local.watched().map((event_id) => ({ seq: 0, event_id, registration_id: 'bell', kind: 'updated' })),
      );
    }
    attempt = 0;
  };

  const reconnect = () => {
    const wait = RECONNECT_MS[Math.min(attempt, RECONNECT_MS.length - 1)];
    attempt += 1;
    setTimeout(() => {
      if (closed) return;
      connect().catch((err: Error) => {
        log.warn({ err: { message: err.message } }, 'live bus could not reconnect; trying again');
        reconnect();
      });
    }, wait).unref();
  };

  const connected = connect();

  // What this turn of the event loop published (the joins of one group commit), told in one NOTIFY:
  // each is a round trip on the pool the joins use.
  let unsent: Change[] = [];
  const notifyUnsent = () => {
    const changes = unsent;
    unsent = [];
    const sent: Promise<unknown>[] = [];
    for (let i = 0; i < changes.length; i += CHUNK) {
      const wire: Wire = {
        o: origin,
        c: changes.slice(i, i + CHUNK).map((c) => [c.seq, c.event_id, c.registration_id, c.kind]),
      };
      sent.push(
        notify(CHANNEL, JSON.stringify(wire)).catch((err: Error) =>
          log.warn(
            { err: { message: err.message } },
            'live bus could not notify; other processes catch up at their next change',
          ),
        ),
      );
    }
    return Promise.all(sent);
  };

  return {
    publish(changes) {
      local.publish(changes);
      if (changes.length === 0) return;
      if (unsent.length === 0) setImmediate(notifyUnsent);
      unsent.push(...changes);
    },
    subscribe: local.subscribe,
    watched: local.watched,
    sessionsEnded: {
      publish(ids) {
        for (let i = 0; i < ids.length; i += CHUNK) {
          const wire: SessionsWire = { o: origin, s: ids.slice(i, i + CHUNK) };
          notify(SESSIONS_CHANNEL, JSON.stringify(wire)).catch((err: Error) =>
            log.warn({ err: { message: err.message } }, 'live bus could not announce ended sessions'),
          );
        }
      },
      subscribe(listener) {
        sessionListeners.add(listener);
        return () => void sessionListeners.delete(listener);
      },
    },
    ready: () => connected,
    health: () => (client ? 'ok' : 'reconnecting'),
    async close() {
      closed = true;
      await notifyUnsent();
      await client?.end().catch(() => undefined);
    },
  };
}
