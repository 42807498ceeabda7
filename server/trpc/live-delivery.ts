import { tracked } from '@trpc/server';
import type { LiveItem } from '../features/live/live-feed';
import { sharedJson } from '../lib/shared-json';
import { dataFrameTail, textFrame } from './wire-frames';
import { type DirectLine, writeFrames } from './ws-direct';

type Follow = (send: (items: LiveItem[]) => void) => Promise<void>;

// Each batch's frame tail (its JSON made once) and, per line head, its whole WebSocket frame (header
// and payload: `textFrame`), made on first send and written as it is to every socket it goes to; gone
// with the batch.
const made = new WeakMap<LiveItem, { tail: string; frames: Map<string, Buffer> }>();

function frameFor(item: LiveItem, head: string): Buffer {
  let m = made.get(item);
  if (!m) {
    m = { tail: dataFrameTail(String(item.seq), sharedJson(item.batch) as string), frames: new Map() };
    made.set(item, m);
  }
  let frame = m.frames.get(head);
  if (!frame) {
    frame = textFrame(Buffer.from(head + m.tail));
    m.frames.set(head, frame);
  }
  return frame;
}

/**
 * A live subscription's items as tRPC expects them from a procedure: an async generator of
 * `tracked(seq, batch)`. Over a WebSocket (`line`), batches are written on the socket as they come, in
 * frames byte for byte as tRPC would send them (./wire-frames.ts), outside tRPC's per-item loop (which
 * costs ~20 µs per item per socket: docs/decisions/0013-trpc-internals.md); the generator then only
 * waits for the end. Otherwise (a server-side caller) they are yielded. `follow` is the one stream of
 * batches either way, and its error (an unknown event, an owner check) ends the subscription.
 */
export async function* deliverLive(follow: Follow, line: DirectLine | undefined) {
  if (line) {
    await follow((items) =>
      items.length === 1
        ? writeFrames(line, frameFor(items[0], line.head))
        : writeFrames(
            line,
            items.map((item) => frameFor(item, line.head)),
          ),
    );
    return;
  }
  const queue: LiveItem[] = [];
  let wake: (() => void) | undefined;
  let done = false;
  let failure: { err: unknown } | undefined;
  const following = follow((items) => {
    queue.push(...items);
    wake?.();
  }).then(
    () => undefined,
    (err: unknown) => {
      failure = { err };
    },
  );
  void following.finally(() => {
    done = true;
    wake?.();
  });
  for (;;) {
    const item = queue.shift();
    if (item) {
      yield tracked(String(item.seq), item.batch);
      continue;
    }
    if (failure) throw failure.err;
    if (done) return;
    await new Promise<void>((resolve) => {
      wake = resolve;
      if (queue.length > 0 || done) resolve();
    });
    wake = undefined;
  }
}
