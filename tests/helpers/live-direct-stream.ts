import { findLiveEvent } from '#server/features/live/live.repo';
import { followEvent } from '#server/features/live/live-stream';
import { deliverLive } from '#server/trpc/live-delivery';
import { directLine, noteCall } from '#server/trpc/ws-direct';
import { type Frame, socketPair } from './live-raw';
import { lw } from './live-world';

/** A turn of the event loop after the microtasks: what the feed writes without a timer is written by then. */
export const turn = () => new Promise((resolve) => setImmediate(resolve));

/** A live subscription (followEvent delivered by deliverLive) on a real socket pair with a direct line, as the WebSocket decoder sets it up. */
export async function directStream(eventId: string, lastEventId: string) {
  const deps = lw.srv.deps;
  const frames: Frame[] = [];
  const pair = await socketPair((client) =>
    client.on('message', (data) => frames.push(JSON.parse(data.toString()) as Frame)),
  );
  const { server, tcp } = pair;
  const call = { id: 1, method: 'subscription', params: { path: 'live.onEvent', input: { eventId }, lastEventId } };
  noteCall(server, tcp, call);
  const abort = new AbortController();
  const findEvent = async () => (await findLiveEvent(deps.db, eventId)) ?? Promise.reject(new Error('gone'));
  let following: () => void = () => {};
  const live = new Promise<void>((resolve) => {
    following = resolve;
  });
  const reading = (async () => {
    for await (const _ of deliverLive(
      (send) => followEvent(deps, findEvent, lastEventId, abort.signal, send, following),
      directLine(call.params.input),
    )) {
      // items go on the line, none is yielded
    }
  })();
  return {
    frames,
    /** Resolves once its replay is sent and it follows the event's feed (on PostgreSQL that takes round trips). */
    live,
    changes: () => frames.flatMap((f) => f.result.data.data.changes),
    /** Bytes handed to the server's TCP socket so far (counted when written, before they leave). */
    written: () => tcp.bytesWritten,
    stop: async () => {
      abort.abort();
      await reading;
      await pair.close();
    },
  };
}
