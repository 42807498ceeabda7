import { tracked } from '@trpc/server';
import { LIVE } from '#shared/constants';
import type { Deps } from '../../deps';
import { changesAfter, logExtent } from './live.repo';
import { type EventFeed, eventFeed, type LiveItem, liveItem } from './live-feed';
import { erasedPayload, type LivePayload, refetchPayload } from './live-payload';

/**
 * ARCHITECTURE "Realtime": listen first, then replay what the log holds after `lastEventId`, then
 * follow live, dropping anything already sent. Each item is `tracked(seq)`, so tRPC's wsLink resumes
 * from the last one after a reconnect. `findEvent` throws when the event does not exist (or, for the
 * organiser, is not theirs); `erased` says it has no attendee data any more.
 */
export async function* streamEvent(
  deps: Deps,
  findEvent: () => Promise<{ id: string; personal_data_deleted: number }>,
  lastEventId: string | null | undefined,
  signal: AbortSignal | undefined,
) {
  const event = await findEvent();
  const feed = eventFeed(deps, event.id);
  const queue: LiveItem[] = [];
  let wake: (() => void) | undefined;
  const detach = feed.attach((items) => {
    queue.push(...items);
    wake?.();
  });
  const onAbort = () => wake?.();
  signal?.addEventListener('abort', onAbort);
  try {
    await feed.ready;
    // Read again now that the feed listens: an erasure committed between the first read and the
    // attach would otherwise reach this subscriber neither as a notice nor as the flag.
    const start = await startingItems(deps, feed, await findEvent(), lastEventId);
    let last = start.last;
    for (const item of start.items) {
      yield item.tracked;
      if (item.payload.kind === 'erased') return;
    }
    while (!signal?.aborted) {
      const item = queue.shift();
      if (!item) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          if (queue.length > 0 || signal?.aborted) resolve();
        });
        wake = undefined;
        continue;
      }
      if (item.payload.kind === 'erased') {
        yield item.seq >= last ? item.tracked : tracked(String(last), item.payload);
        return;
      }
      if (item.seq <= last) continue;
      last = item.seq;
      yield item.tracked;
    }
  } finally {
    detach();
    signal?.removeEventListener('abort', onAbort);
  }
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
  const now = (payload: LivePayload) => ({ items: [liveItem(extent.last, payload)], last: extent.last });
  if (event.personal_data_deleted) return now(erasedPayload);
  if (lastEventId == null) return { items: [], last: extent.last };

  const after = /^\d+$/.test(lastEventId) ? Number(lastEventId) : Number.NaN;
  const pruned = extent.oldest === null ? after < extent.last : after < extent.oldest - 1;
  if (!Number.isSafeInteger(after) || after > extent.last || pruned) return now(refetchPayload);

  const changes = await changesAfter(deps.db, feed.eventId, after, LIVE.REPLAY_MAX + 1);
  if (changes.length > LIVE.REPLAY_MAX) return now(refetchPayload);
  const items = await feed.payloads(changes);
  return { items, last: items.at(-1)?.seq ?? after };
}
