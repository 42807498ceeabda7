import { tracked } from '@trpc/server';
import { LIVE } from '#shared/constants';
import type { Deps } from '../../deps';
import { sharedJson, shareJson } from '../../trpc/shared-json';
import { dataFrameTail } from '../../trpc/ws-direct';
import { findRegistrationsByIds } from '../registrations/registrations.repo';
import type { Change } from './bus';
import { changesAfter, logExtent } from './live.repo';
import { erasedPayload, type LivePayload, needsRow, toLivePayload } from './live-payload';

/**
 * One change as every subscriber sends it, made once per change, not once per subscriber: the tracked
 * envelope (and the payload's JSON, through `shareJson`) for tRPC's loop, and the frame a direct line
 * writes (one per request id: nearly every socket's subscription has the same one).
 */
export type LiveItem = {
  seq: number;
  payload: LivePayload;
  tracked: ReturnType<typeof tracked<LivePayload>>;
  frame(head: string): Buffer;
};

export const liveItem = (seq: number, payload: LivePayload): LiveItem => {
  const shared = shareJson(payload);
  let tail: string | undefined;
  const frames = new Map<string, Buffer>();
  return {
    seq,
    payload,
    tracked: tracked(String(seq), shared),
    frame(head) {
      let frame = frames.get(head);
      if (!frame) {
        tail ??= dataFrameTail(String(seq), sharedJson(shared) as string);
        frame = Buffer.from(head + tail);
        frames.set(head, frame);
      }
      return frame;
    },
  };
};
type Sink = (items: LiveItem[]) => void;

// Payloads kept per event for subscribers that reconnect a few changes behind (bounded memory).
const CACHE_SIZE = 256;

/**
 * One feed per watched event, shared by all its subscribers: a bus message only rings the bell, and
 * the feed reads the log after its cursor (the log is the order of truth, whatever order messages
 * arrive in) and loads the rows in one query per batch, so a change costs two queries however many
 * screens watch the event. Bells that ring while a read is queued share it.
 */
class EventFeed {
  private readonly sinks = new Set<Sink>();
  private readonly cache = new Map<number, LivePayload>();
  private cursor = 0;
  private chain: Promise<void>;
  private flushQueued = false;
  private readonly stopListening: () => void;
  /** Resolves once the cursor is set: a subscriber replays from the log only after this. */
  readonly ready: Promise<void>;

  constructor(
    private readonly deps: Deps,
    readonly eventId: string,
    private readonly onIdle: () => void,
  ) {
    this.stopListening = deps.bus.subscribe(eventId, (change) => this.ring(change));
    this.ready = logExtent(deps.db).then((e) => {
      this.cursor = Math.max(this.cursor, e.last);
    });
    this.chain = this.ready.catch((err) => deps.log.error({ err, eventId }, 'live feed failed to start'));
  }

  attach(sink: Sink): () => void {
    this.sinks.add(sink);
    return () => {
      this.sinks.delete(sink);
      if (this.sinks.size === 0) {
        this.stopListening();
        this.onIdle();
      }
    };
  }

  /** Payloads for changes in seq order: cached ones as they were sent, the rest in one query. */
  async payloads(changes: Change[]): Promise<LiveItem[]> {
    const missing = changes.filter((c) => !this.cache.has(c.seq) && needsRow(c));
    const ids = [...new Set(missing.map((c) => c.registration_id))];
    const rows = new Map((await findRegistrationsByIds(this.deps.db, this.eventId, ids)).map((r) => [r.id, r]));
    return changes.map((c) => {
      const payload = this.cache.get(c.seq) ?? toLivePayload(c, rows.get(c.registration_id));
      return liveItem(c.seq, payload);
    });
  }

  private ring(change: Change) {
    const erased = change.kind === 'erased' && change.registration_id === '';
    if (this.flushQueued && !erased) return;
    this.flushQueued = true;
    this.chain = this.chain.then(async () => {
      try {
        await this.flush();
        // The erasure notice is not in the log (the event's rows went with it): it follows what was.
        if (erased) for (const sink of this.sinks) sink([liveItem(change.seq, erasedPayload)]);
      } catch (err) {
        this.deps.log.error({ err, eventId: this.eventId }, 'live feed failed');
      }
    });
  }

  private async flush() {
    this.flushQueued = false;
    for (;;) {
      const changes = await changesAfter(this.deps.db, this.eventId, this.cursor, LIVE.REPLAY_MAX);
      if (changes.length === 0) return;
      const items = await this.payloads(changes);
      this.cursor = items[items.length - 1].seq;
      for (const item of items) this.remember(item);
      for (const sink of this.sinks) sink(items);
      if (changes.length < LIVE.REPLAY_MAX) return;
    }
  }

  private remember(item: LiveItem) {
    // A later change makes this attendee's earlier payloads stale (an edit, a removal): a replay must
    // read them afresh (the row as it is now, or its removal), never resend details that are gone.
    const id = item.payload.id;
    if (id) {
      for (const [seq, payload] of this.cache) if (payload.id === id) this.cache.delete(seq);
    }
    this.cache.set(item.seq, item.payload);
    if (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as number);
  }
}

export type { EventFeed };

const hubs = new WeakMap<Deps, Map<string, EventFeed>>();

/** The feed of one event for this app instance, created on first use and dropped when nobody watches. */
export function eventFeed(deps: Deps, eventId: string): EventFeed {
  const feeds = hubs.get(deps) ?? new Map<string, EventFeed>();
  hubs.set(deps, feeds);
  let feed = feeds.get(eventId);
  if (!feed) {
    const created = new EventFeed(deps, eventId, () => {
      if (feeds.get(eventId) === created) feeds.delete(eventId);
    });
    feeds.set(eventId, created);
    feed = created;
  }
  return feed;
}
