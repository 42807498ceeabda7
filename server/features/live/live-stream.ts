import { LIVE } from '#shared/constants';
import type { Deps } from '../../deps';
import { type DirectLine, writeFrames } from '../../trpc/ws-direct';
import { changesAfter, logExtent } from '../changes/changes.repo';
import { type EventFeed, endsStream, type LiveItem, liveItem } from './live-feed';
import { type LiveChange, notice } from './live-payload';

/**
 * ARCHITECTURE "Realtime": listen first, then replay what the log holds after `lastEventId`, then
 * follow live, dropping anything already sent. Each item is a batch of changes `tracked` under its last
 * seq, so tRPC's wsLink resumes from there after a reconnect. `findEvent` throws when the event does not exist (or, for the
 * organiser, is not theirs); `erased` says it has no attendee data any more.
 * With a `line` (a subscription over a WebSocket) the items are written on it as they come, outside
 * tRPC's per-item loop, and the generator only waits for the end; without one they are yielded.
 */
export async function* streamEvent(
  deps: Deps,
  findEvent: () => Promise<{ id: string; personal_data_deleted: number }>,
  lastEventId: string | null | undefined,
  signal: AbortSignal | undefined,
  line?: DirectLine,
) {
  const event = await findEvent();
  const feed = deps.liveFeeds.feed(deps, event.id);
  const queue: LiveItem[] = [];
  let wake: (() => void) | undefined;
  let follow: ((items: LiveItem[]) => void) | undefined;
  const detach = feed.attach((items) => {
    if (follow) return follow(items);
    queue.push(...items);
    wake?.();
  });
  const onAbort = () => wake?.();
  signal?.addEventListener('abort', onAbort);
  const waitFor = (ready: () => boolean) =>
    new Promise<void>((resolve) => {
      wake = resolve;
      if (ready() || signal?.aborted) resolve();
    }).then(() => {
      wake = undefined;
    });
  try {
    await feed.ready;
    // Read again now that the feed listens: an erasure committed between the first read and the
    // attach would otherwise reach this subscriber neither as a notice nor as the flag.
    const start = await startingItems(deps, feed, await findEvent(), lastEventId);
    let last = start.last;
    let ended = start.items.some(endsStream);

    if (line) {
      if (signal?.aborted) return;
      writeFrames(
        line,
        start.items.map((item) => item.frame(line.head)),
      );
      // From here the feed's call writes at once, in the order the feed hands items over.
      follow = (items) => {
        if (ended || signal?.aborted) return;
        const out: Buffer[] = [];
        for (const item of items) {
          const next = nextItem(item, last);
          if (!next) continue;
          last = next.seq;
          out.push(next.frame(line.head));
          if (endsStream(next)) {
            ended = true;
            break;
          }
        }
        writeFrames(line, out);
        if (ended) wake?.();
      };
      if (!ended) follow(queue.splice(0));
      while (!ended && !signal?.aborted) await waitFor(() => ended);
      return;
    }

    for (const item of start.items) yield item.tracked;
    while (!ended && !signal?.aborted) {
      const item = queue.shift();
      if (!item) {
        await waitFor(() => queue.length > 0);
        continue;
      }
      const next = nextItem(item, last);
      if (!next) continue;
      last = next.seq;
      ended = endsStream(next);
      yield next.tracked;
    }
  } finally {
    detach();
    signal?.removeEventListener('abort', onAbort);
  }
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
  return rest.length > 0 ? liveItem(rest) : undefined;
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
): Promise<{ items: LiveItem[]; last: number }> {
  const extent = await logExtent(deps.db);
  const now = (kind: 'erased' | 'refetch') => ({ items: [liveItem([notice(extent.last, kind)])], last: extent.last });
  if (event.personal_data_deleted) return now('erased');
  if (lastEventId == null) return { items: [], last: extent.last };

  const after = /^\d+$/.test(lastEventId) ? Number(lastEventId) : Number.NaN;
  const pruned = extent.oldest === null ? after < extent.last : after < extent.oldest - 1;
  if (!Number.isSafeInteger(after) || after > extent.last || pruned) return now('refetch');

  const changes = await changesAfter(deps.db, feed.eventId, after, LIVE.REPLAY_MAX + 1);
  if (changes.length > LIVE.REPLAY_MAX) return now('refetch');
  if (changes.length === 0) return { items: [], last: after };
  // what was missed goes in one batch
  const item = liveItem(await feed.payloads(changes));
  return { items: [item], last: item.seq };
}
