import { LIVE } from '../../constants';
import type { Deps } from '../../deps';
import { changesAfter, logExtent } from '../changes/changes.repo';
import { type EventFeed, endsStream, type LiveItem, liveItem } from './live-feed';
import { type LiveChange, notice } from './live-payload';

/**
 * docs/architecture.md "Realtime": listen first, then replay what the log holds after `lastEventId`, then
 * follow live, dropping anything already sent. Every batch goes to `send`, in order, each exactly once;
 * resolves when the stream ends (an erasure) or `signal` aborts. `findEvent` throws when the event does
 * not exist (or, for the organiser, is not theirs); `erased` says it has no attendee data any more.
 * How batches reach the wire is the caller's (server/trpc/live-delivery.ts): this is the only path.
 */
export async function followEvent(
  deps: Deps,
  findEvent: () => Promise<{ id: string; personal_data_deleted: number }>,
  lastEventId: string | null | undefined,
  signal: AbortSignal | undefined,
  send: (items: LiveItem[]) => void,
  /** Called once the replay is sent and the subscriber follows the feed (tests wait for it). */
  following?: () => void,
  /** An attendee follows: each batch says who is connected with its entries (./live-views.ts). */
  attendee = false,
): Promise<void> {
  const event = await findEvent();
  const feed = deps.liveFeeds.feed(deps, event.id);
  let last = 0;
  let ended = false;
  // what the feed hands over before the replay is sent waits for it
  let early: LiveItem[] | undefined = [];
  let wake: (() => void) | undefined;
  const follow = (items: LiveItem[]) => {
    if (early) return void early.push(...items);
    if (ended || signal?.aborted) return;
    // the usual case, every change new and no item ending the stream: the feed's own array goes on as
    // it is (this runs for every subscriber of every batch)
    if (allNew(items, last)) {
      if (items.length === 0) return;
      last = items[items.length - 1].seq;
      return send(items);
    }
    const out: LiveItem[] = [];
    for (const item of items) {
      const next = nextItem(item, last);
      if (!next) continue;
      last = next.seq;
      out.push(next);
      if (endsStream(next)) {
        ended = true;
        break;
      }
    }
    if (out.length > 0) send(out);
    if (ended) wake?.();
  };
  const detach = feed.attach(follow, attendee);
  const onAbort = () => wake?.();
  signal?.addEventListener('abort', onAbort);
  try {
    await feed.ready;
    // Read again now that the feed listens: an erasure committed between the first read and the
    // attach would otherwise reach this subscriber neither as a notice nor as the flag.
    const start = await startingItems(deps, feed, await findEvent(), lastEventId, attendee);
    if (signal?.aborted) return;
    last = start.last;
    ended = start.items.some(endsStream);
    if (start.items.length > 0) send(start.items);
    const waiting = early;
    early = undefined;
    follow(waiting);
    following?.();
    while (!ended && !signal?.aborted) {
      await new Promise<void>((resolve) => {
        wake = resolve;
        if (ended || signal?.aborted) resolve();
      });
      wake = undefined;
    }
  } finally {
    detach();
    signal?.removeEventListener('abort', onAbort);
  }
}

/** Whether every change of `items` comes after `last` and none of them ends the stream. */
function allNew(items: readonly LiveItem[], last: number): boolean {
  let at = last;
  for (const item of items) {
    if (endsStream(item)) return false;
    for (const c of item.changes) if (c.seq <= at) return false;
    at = item.seq;
  }
  return true;
}

/**
 * What of a batch to send after `last`: the batch itself (its frame shared with every subscriber) when
 * all of it is new, its new changes in a batch of their own when part of it was already sent (a replay
 * covered it), or undefined. The erasure notice always goes, under `last` when the log had moved on
 * (its seq is where the log stood when it was made).
 */
function nextItem(item: LiveItem, last: number): LiveItem | undefined {
  const fresh = (c: LiveChange) => (c.kind === 'erased' ? c.seq >= last : c.seq > last);
  if (item.changes.every(fresh)) return item;
  const rest = item.changes
    .filter((c) => c.kind === 'erased' || c.seq > last)
    .map((c) => (c.kind === 'erased' && c.seq < last ? notice(last, 'erased') : c));
  return rest.length > 0 ? liveItem(rest, item.connections) : undefined;
}

/**
 * What a subscriber is owed before it follows live, and the seq it has then seen. A subscriber with no
 * id starts from now; one whose id the log no longer covers (pruned, too far behind, or an id this
 * database never issued) is told to refetch.
 */
async function startingItems(
  deps: Deps,
  feed: EventFeed,
  event: { personal_data_deleted: number },
  lastEventId: string | null | undefined,
  attendee: boolean,
): Promise<{ items: LiveItem[]; last: number }> {
  const extent = await logExtent(deps.liveDb);
  const now = (kind: 'erased' | 'refetch') => ({ items: [liveItem([notice(extent.last, kind)])], last: extent.last });
  if (event.personal_data_deleted) return now('erased');
  if (lastEventId == null) return { items: [], last: extent.last };

  const after = /^\d+$/.test(lastEventId) ? Number(lastEventId) : Number.NaN;
  const pruned = extent.oldest === null ? after < extent.last : after < extent.oldest - 1;
  if (!Number.isSafeInteger(after) || after > extent.last || pruned) return now('refetch');

  const changes = await changesAfter(deps.liveDb, feed.eventId, after, LIVE.REPLAY_MAX + 1);
  if (changes.length > LIVE.REPLAY_MAX) return now('refetch');
  if (changes.length === 0) return { items: [], last: after };
  // what was missed goes in one batch
  const item = await feed.payloads(changes, attendee);
  return { items: [item], last: item.seq };
}
