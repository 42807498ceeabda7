import { afterEach, beforeEach } from 'vitest';
import { fixedClock } from '#server/lib/clock';
import { manualTimer } from '#server/lib/timer';
import { eventForm } from './factory';
import { flakyClient } from './live-watch';
import { startTestServer, type TestServer } from './server';
import { T0 } from './test-deps';

// The live tests' world: the real server on a fixed clock per test, clients closed after it. `lw` is
// refilled before every test.

export const lw = {} as {
  srv: TestServer;
  clock: ReturnType<typeof fixedClock>;
  /** The feed's timer when the world was set up with `{ manualTimer: true }` (moved by hand). */
  timer: ReturnType<typeof manualTimer>;
};
const toClose: { close: () => unknown }[] = [];

/** Registers the hooks; call once at the top of a test file. */
export function setUpLiveWorld(opts: { manualTimer?: boolean } = {}) {
  beforeEach(async () => {
    lw.clock = fixedClock(T0);
    lw.timer = manualTimer();
    lw.srv = await startTestServer({
      overrides: { clock: lw.clock, ...(opts.manualTimer ? { liveTimer: lw.timer } : {}) },
    });
  });
  afterEach(async () => {
    await Promise.all(toClose.splice(0).map((c) => c.close()));
    await lw.srv.stop();
  });
}

/** Closes `c` after the test. */
export function closeAfter<T extends { close: () => unknown }>(c: T): T {
  toClose.push(c);
  return c;
}

/** Signs up, confirms and signs in over HTTP; the first account is the admin and may create events. */
export const organiser = async (email = 'ada@example.com') => closeAfter(await lw.srv.signedIn(email));

export async function anEvent(name = 'Tech Night') {
  const http = await organiser();
  const event = await http.trpc.events.create.mutate(eventForm({ name }));
  return { http, eventId: event.id };
}

export const publicClient = () => closeAfter(flakyClient(lw.srv.url));
