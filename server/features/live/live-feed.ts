import { LIVE } from '../../constants';
import type { Deps } from '../../deps';
import { shareJson } from '../../lib/shared-json';
import type { Change } from '../changes/bus';
import { logExtent } from '../changes/changes.repo';
import { connectedWith } from '../registrations/connections.repo';
import { findRegistrationsByIds } from '../registrations/registrations.repo';
import { BatchWindow } from './batch-window';
import { changesWithRowsAfter } from './live.repo';
import { type LiveBatch, type LiveChange, needsRow, notice, toLiveChange } from './live-payload';

/**
 * One batch as every subscriber gets it, made once per batch, not once per subscriber: its changes and
 * the payload `{ changes }`, marked so that its JSON is made once (`shareJson`) whoever sends it. `seq`
 * is the last change's: the item's tracked id. How it goes on the wire is the transport's business
 * (server/trpc/live-delivery.ts).
 */
export type LiveItem = {
  seq: number;
  changes: readonly LiveChange[];
  batch: LiveBatch;
  /** For each changed entry, the attendees connected with it (read when an attendee follows: ./live-views.ts). */
  connections?: Connections;
};
type Connections = ReadonlyMap<string, ReadonlySet<string>>;

export const liveItem = (changes: LiveChange[], connections?: Connections): LiveItem => ({
  seq: changes[changes.length - 1].seq,
  changes,
  batch: shareJson<LiveBatch>({ changes }),
  connections,
});

/** Whether the batch ends the subscription (the erasure notice is always its last change). */
export const endsStream = (item: LiveItem) => item.changes[item.changes.length - 1].kind === 'erased';

type Sink = (items: LiveItem[]) => void;

/**
 * One feed per watched event, shared by all its subscribers: a bus message only rings the bell, and
 * the feed reads the log after its cursor (the log is the order of truth, whatever order messages
 * arrive in) and loads the rows in one query per batch, so a batch costs two queries however many
 * screens watch the event. A bell after a quiet spell is answered at once; bells within the window
 * wait for its end and share one batch: under a rush every subscriber gets one frame per window however
 * many changes it carries. The window grows with what hand-overs typically cost (`BatchWindow`), so
 * fan-out cannot take the main thread from the joins.
 */
class EventFeed {
  private readonly sinks = new Set<Sink>();
  /** Sinks of attendees: while there are any, each batch reads who is connected with its entries. */
  private attendees = 0;
  private readonly cache = new Map<number, LiveChange>();
  /** Moves with every bell and every change kept: a replay keeps what it read only if this did not move. */
  private generation = 0;
  private cursor = 0;
  private chain: Promise<void>;
  /** A bell rang since the last read began. */
  private rung = false;
  /** A read is timed or under way: bells meanwhile are left for the next. */
  private busy = false;
  private cancelTimer: (() => void) | undefined;
  private readonly window = new BatchWindow();
  private erasure: Change | undefined;
  private readonly stopListening: () => void;
  /** Resolves once the cursor is set: a subscriber replays from the log only after this. */
  readonly ready: Promise<void>;

  constructor(
    private readonly deps: Deps,
    readonly eventId: string,
    private readonly onIdle: () => void,
  ) {
    this.stopListening = deps.bus.subscribe(eventId, (change) => this.ring(change));
    this.ready = logExtent(deps.liveDb).then((e) => {
      this.cursor = Math.max(this.cursor, e.last);
    });
    this.chain = this.ready.catch((err) => deps.log.error({ err, eventId }, 'live feed failed to start'));
  }

  attach(sink: Sink, attendee = false): () => void {
    this.sinks.add(sink);
    if (attendee) this.attendees += 1;
    return () => {
      if (attendee && this.sinks.has(sink)) this.attendees -= 1;
      this.sinks.delete(sink);
      if (this.sinks.size === 0) {
        this.stopListening();
        this.cancelTimer?.();
        this.onIdle();
      }
    };
  }

  /**
   * The changes in seq order as one item: cached ones as they were sent, the rest read in one query and
   * kept for the next subscriber that replays them (after a restart thousands replay the same few).
   */
  async payloads(changes: Change[], attendee: boolean): Promise<LiveItem> {
    const missing = changes.filter((c) => !this.cache.has(c.seq) && needsRow(c));
    const ids = [...new Set(missing.map((c) => c.registration_id))];
    const generation = this.generation;
    const rows = new Map((await findRegistrationsByIds(this.deps.liveDb, this.eventId, ids)).map((r) => [r.id, r]));
    const out = changes.map((c) => this.cache.get(c.seq) ?? toLiveChange(c, rows.get(c.registration_id)));
    this.share(out, generation);
    return liveItem(out, attendee ? await this.connectionsOf([out]) : undefined);
  }

  /**
   * Keeps what a replay read. Not when a change rang or was kept while its rows were read: those rows may
   * be older than that change, and kept after its `remember` they would outlive the removal or edit it
   * made them stale by. Nor a change this feed has yet to send (its batch reads the row afresh), nor one
   * older than a change of the same attendee already kept.
   */
  private share(read: readonly LiveChange[], generation: number) {
    if (generation !== this.generation) return;
    for (const change of read) {
      if (change.id === null || change.seq > this.cursor || this.cache.has(change.seq)) continue;
      if (!this.keptLater(change)) this.remember(change);
    }
  }

  private keptLater(change: LiveChange) {
    for (const kept of this.cache.values()) if (kept.id === change.id && kept.seq > change.seq) return true;
    return false;
  }

  /** Who is connected with the entries of these batches. */
  private connectionsOf(batches: LiveChange[][]) {
    const ids = new Set(batches.flatMap((b) => b.flatMap((c) => (c.registration ? [c.id] : []))));
    return connectedWith(this.deps.liveDb, this.eventId, [...ids]);
  }

  private ring(change: Change) {
    this.generation += 1;
    // The erasure notice is not in the log (the event's rows went with it): it follows what was.
    if (change.kind === 'erased' && change.registration_id === '') this.erasure = change;
    this.rung = true;
    this.schedule();
  }

  private schedule() {
    if (!this.rung || this.busy) return;
    this.busy = true;
    const read = () => {
      this.cancelTimer = undefined;
      this.chain = this.chain.then(async () => {
        try {
          await this.flush();
        } catch (err) {
          this.deps.log.error({ err, eventId: this.eventId }, 'live feed failed');
        } finally {
          this.busy = false;
          this.schedule();
        }
      });
    };
    // quiet for the base window: at once (a lone change never waits for a window grown by a rush), yet
    // after this turn of the event loop, so that the joins committed with it are answered before the
    // fan-out begins
    const wait = this.window.wait(this.deps.liveTimer.now());
    if (wait > 0) this.cancelTimer = this.deps.liveTimer.after(wait, read);
    else {
      const soon = setImmediate(read);
      this.cancelTimer = () => clearImmediate(soon);
    }
  }

  private async flush() {
    this.rung = false;
    const erasure = this.erasure;
    this.erasure = undefined;
    const batches: LiveChange[][] = [];
    for (;;) {
      const read = await changesWithRowsAfter(this.deps.liveDb, this.eventId, this.cursor, LIVE.REPLAY_MAX);
      if (read.length === 0) break;
      const changes = read.map((r) => r.change);
      const batch = read.map(({ change, row }) => this.cache.get(change.seq) ?? toLiveChange(change, row));
      this.cursor = batch[batch.length - 1].seq;
      for (const c of batch) this.remember(c);
      batches.push(batch);
      if (changes.length < LIVE.REPLAY_MAX) break;
    }
    if (erasure) {
      const last = batches.at(-1);
      const erased = notice(Math.max(erasure.seq, this.cursor), 'erased');
      if (last) last.push(erased);
      else batches.push([erased]);
    }
    if (batches.length === 0) return;
    const connections = this.attendees > 0 ? await this.connectionsOf(batches) : undefined;
    const items = batches.map((b) => liveItem(b, connections));
    const start = this.deps.liveTimer.now();
    for (const sink of this.sinks) sink(items);
    // the writes to every socket are most of a batch's cost: the more screens, the longer the window
    this.window.handedOver(start, this.deps.liveTimer.now());
  }

  private remember(change: LiveChange) {
    // A later change makes this attendee's earlier payloads stale (an edit, a removal): a replay must
    // read them afresh (the row as it is now, or its removal), never resend details that are gone.
    this.generation += 1;
    const id = change.id;
    if (id) {
      for (const [seq, cached] of this.cache) if (cached.id === id) this.cache.delete(seq);
    }
    this.cache.set(change.seq, change);
    if (this.cache.size > LIVE.FEED_CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as number);
  }
}

export type { EventFeed };

/**
 * The feeds of one app, by event: a feed is created on first use and dropped when nobody watches.
 * Built in createDeps (`deps.liveFeeds`).
 */
export type LiveFeeds = { feed(deps: Deps, eventId: string): EventFeed; size(): number };

export function createLiveFeeds(): LiveFeeds {
  const feeds = new Map<string, EventFeed>();
  return {
    feed(deps: Deps, eventId: string): EventFeed {
      let feed = feeds.get(eventId);
      if (!feed) {
        const created = new EventFeed(deps, eventId, () => {
          if (feeds.get(eventId) === created) feeds.delete(eventId);
        });
        feeds.set(eventId, created);
        feed = created;
      }
      return feed;
    },
    /** Events watched now. */
    size: () => feeds.size,
  };
}
