import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SESSION } from '#server/constants';
import { deleteUserSessions, extendSession } from '#server/features/auth/sessions.repo';
import { fixedClock } from '#server/lib/clock';
import { manualTimer } from '#server/lib/timer';
import { SOCKET_LIMITS } from '#server/trpc/socket-limits';
import { TRPC_LIMITS, WS_CLOSE } from '#shared/constants';
import { M } from '#shared/messages';
import { eventForm } from '../helpers/factory';
import { startTestServer, type TestServer } from '../helpers/server';
import { T0 } from '../helpers/test-deps';
import { createWsOnlyClient, type WsOnlyClient } from '../helpers/ws-client';

// Issue 6 item 1: after sign-out, a password reset or expiry, no call on an open socket acts as the user
// and no subscription goes on streaming to them.

const email = 'ada@example.com';
const password = 'Str0ng!Pass';

let srv: TestServer;
let clock: ReturnType<typeof fixedClock>;
let timer: ReturnType<typeof manualTimer>;
const open: WsOnlyClient[] = [];

beforeEach(async () => {
  clock = fixedClock(T0);
  timer = manualTimer();
  srv = await startTestServer({ overrides: { clock, liveTimer: timer } });
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
  await srv.stop();
});

/** Signs up, confirms and signs in over HTTP (the first account is the admin: it may create events). */
async function signedIn() {
  const http = await srv.signedIn(email, password);
  return { http, user: http.user, cookie: http.cookie() };
}

function socketWith(cookie: string) {
  const ws = createWsOnlyClient(srv.url, cookie);
  open.push(ws);
  return ws;
}

/** Over the socket: the user is known and may create an event (returned, to try removing it later). */
async function actsAsUser(ws: WsOnlyClient) {
  expect(await ws.trpc.auth.me.query()).toMatchObject({ email });
  return ws.trpc.events.create.mutate(eventForm());
}

/** Over the socket: anonymous; creating and removing events are refused. */
async function actsAsNobody(ws: WsOnlyClient, eventId: string) {
  expect(await ws.trpc.auth.me.query()).toBeNull();
  await expect(ws.trpc.events.create.mutate(eventForm({ name: 'After the end' }))).rejects.toMatchObject({
    data: { code: 'UNAUTHORIZED' },
    message: M.events.createAuthRequired,
  });
  await expect(ws.trpc.events.remove.mutate({ id: eventId })).rejects.toMatchObject({
    data: { code: 'UNAUTHORIZED' },
    message: M.auth.userNotAuthenticated,
  });
}

/** The event is still there, seen by a fresh HTTP sign-in: the refused remove did nothing. */
async function eventStillThere(eventId: string) {
  const again = srv.client();
  await again.trpc.auth.signIn.mutate({ email, password });
  const list = await again.trpc.events.list.query({});
  expect(JSON.stringify(list)).toContain(eventId);
  expect(JSON.stringify(list)).not.toContain('After the end');
}

const sessionIdOf = (cookie: string) => cookie.split('=')[1].split('.')[0];

describe('a session that ends stops acting on every open WebSocket', () => {
  it('each call re-reads the session: ended where this process is not told (another process), the same socket is anonymous', async () => {
    const { user, cookie } = await signedIn();
    const ws = socketWith(cookie);
    const event = await actsAsUser(ws);

    await deleteUserSessions(srv.deps.db, user.id); // the repo directly: no "ended" notice reaches ws.ts

    await actsAsNobody(ws, event.id);
    expect(ws.closes()).toEqual([]); // the same socket answered
    await eventStillThere(event.id);
  });

  it('ended where this process is not told, the socket is closed (4001) at the next session re-check round', async () => {
    const { user, cookie } = await signedIn();
    const ws = socketWith(cookie);
    await actsAsUser(ws);
    const other = await srv.signedIn('grace@example.com', password);
    const stays = socketWith(other.cookie());
    expect(await stays.trpc.auth.me.query()).toMatchObject({ email: 'grace@example.com' });

    await deleteUserSessions(srv.deps.db, user.id); // the repo directly: no "ended" notice reaches ws.ts
    // in liveness steps: each socket echoes the ping of one step (a call's round trip waits for that)
    // before the next step, or it would be dropped as a reader that fell behind
    for (let t = 0; t < SOCKET_LIMITS.SESSION_RECHECK_MS; t += SOCKET_LIMITS.LIVENESS_MS) {
      expect(ws.closes()).toEqual([]);
      timer.advance(SOCKET_LIMITS.LIVENESS_MS);
      await Promise.all([ws.trpc.auth.me.query().catch(() => null), stays.trpc.auth.me.query()]);
    }

    expect(await ws.closed()).toBe(WS_CLOSE.SESSION_ENDED);
    expect(await stays.trpc.auth.me.query()).toMatchObject({ email: 'grace@example.com' });
    expect(stays.closes()).toEqual([]);
  });

  it('sign-out over HTTP closes the socket (4001); the reconnect is anonymous', async () => {
    const { http, cookie } = await signedIn();
    const ws = socketWith(cookie);
    const event = await actsAsUser(ws);

    await http.trpc.auth.signOut.mutate();

    expect(await ws.closed()).toBe(WS_CLOSE.SESSION_ENDED);
    await actsAsNobody(ws, event.id);
    await eventStillThere(event.id);
  });

  it('a password reset closes the sockets of the other sessions; the new session works', async () => {
    const { cookie } = await signedIn();
    const ws = socketWith(cookie);
    const event = await actsAsUser(ws);

    const other = srv.client();
    await other.trpc.auth.forgotPassword.mutate({ email });
    const link = new URL(srv.lastLink(email)!);
    expect(link.searchParams.get('type')).toBe('recovery');
    const newPassword = 'Qx7#vTr!m2pWz';
    await other.trpc.auth.resetPassword.mutate({
      token: link.searchParams.get('token')!,
      password: newPassword,
      confirm_password: newPassword,
    });

    expect(await ws.closed()).toBe(WS_CLOSE.SESSION_ENDED);
    await actsAsNobody(ws, event.id);
    const fresh = socketWith(other.cookie());
    expect(await fresh.trpc.auth.me.query()).toMatchObject({ email });
    expect(fresh.closes()).toEqual([]);
  });

  it('expiry: past expires_at the next call on the socket is not the user, and the socket closes', async () => {
    const { cookie } = await signedIn();
    const ws = socketWith(cookie);
    const event = await actsAsUser(ws);

    clock.advance(SESSION.TTL_MS + 1);

    // The call finds the session expired, deletes it and announces it: the socket closes, possibly
    // before this answer leaves. Either way the answer is not the user.
    expect(await ws.trpc.auth.me.query().catch(() => null)).toBeNull();
    expect(await ws.closed()).toBe(WS_CLOSE.SESSION_ENDED);
    await actsAsNobody(ws, event.id);
  });

  it('expiry with no call at all: the socket is closed when its session expires', async () => {
    const { cookie } = await signedIn();
    // The one real wait in this file (about 50 ms): the server's own expiry timer is what is under test.
    await extendSession(srv.deps.db, sessionIdOf(cookie), new Date(clock.now().getTime() + 50).toISOString());
    const ws = socketWith(cookie);
    expect(await ws.trpc.auth.me.query()).toMatchObject({ email });

    clock.advance(60_000);

    expect(await ws.closed()).toBe(WS_CLOSE.SESSION_ENDED);
    expect(await ws.trpc.auth.me.query()).toBeNull();
  });

  it("an open subscription ends with the session: the organiser's live feed stops, and resubscribing is refused", async () => {
    const { http, cookie } = await signedIn();
    const ws = socketWith(cookie);
    const event = await actsAsUser(ws);
    const ended = new Promise<unknown>((resolve) => {
      const started = new Promise<void>((onStarted) => {
        ws.trpc.live.onOrganiserEvent.subscribe(
          { eventId: event.id },
          { onStarted: () => onStarted(), onError: resolve, onComplete: () => resolve('completed') },
        );
      });
      void started.then(() => http.trpc.auth.signOut.mutate());
    });

    // The socket carrying it is closed; the client resubscribes on a new one, anonymously, and is refused.
    expect(await ws.closed()).toBe(WS_CLOSE.SESSION_ENDED);
    const outcome = await Promise.race([ended, new Promise((r) => setTimeout(() => r('still streaming'), 2_000))]);
    expect(outcome).toMatchObject({ data: { code: 'UNAUTHORIZED' } });
  });

  it('an anonymous socket and other users are not touched by a sign-out', async () => {
    const { http, cookie } = await signedIn();
    const mine = socketWith(cookie);
    const anonymous = socketWith('');
    expect(await mine.trpc.auth.me.query()).toMatchObject({ email });
    expect(await anonymous.trpc.auth.me.query()).toBeNull();

    await http.trpc.auth.signOut.mutate();

    expect(await mine.closed()).toBe(WS_CLOSE.SESSION_ENDED);
    expect(anonymous.closes()).toEqual([]);
    expect(await anonymous.trpc.system.publicConfig.query()).toMatchObject({ appName: 'Roomlist' });
  });
});

describe('one WebSocket message carries at most TRPC_LIMITS.MAX_BATCH calls', () => {
  /** Sends one message of `count` calls on a raw socket; collects answers until the socket closes. */
  function sendBatch(cookie: string, calls: { method: 'query' | 'mutation'; path: string; input?: unknown }[]) {
    return new Promise<{ answers: unknown[]; code: number | null }>((resolve, reject) => {
      const answers: unknown[] = [];
      const ws = new WebSocket(`${srv.url.replace('http', 'ws')}/trpc`, { headers: { cookie } });
      ws.on('error', reject);
      ws.on('open', () =>
        ws.send(JSON.stringify(calls.map((c, i) => ({ id: i + 1, method: c.method, params: c }))), () => {}),
      );
      ws.on('message', (data) => {
        const msg = JSON.parse(String(data));
        if (typeof msg.id !== 'number') return;
        answers.push(msg.result?.data ?? msg.error);
        if (answers.length === calls.length) ws.close(1000);
      });
      ws.on('close', (code) => resolve({ answers, code: code === 1000 ? null : code }));
    });
  }

  it('runs a message of MAX_BATCH calls', async () => {
    const { cookie } = await signedIn();
    const calls = Array.from({ length: TRPC_LIMITS.MAX_BATCH }, () => ({ method: 'query' as const, path: 'auth.me' }));
    const { answers, code } = await sendBatch(cookie, calls);
    expect(code).toBeNull();
    expect(answers).toHaveLength(TRPC_LIMITS.MAX_BATCH);
    for (const a of answers) expect(a).toMatchObject({ email });
  });

  it('closes the socket (1008) on a message of MAX_BATCH + 1 calls, and runs none of them', async () => {
    const { cookie, http } = await signedIn();
    const calls = Array.from({ length: TRPC_LIMITS.MAX_BATCH + 1 }, (_, i) => ({
      method: 'mutation' as const,
      path: 'events.create',
      input: eventForm({ name: `Batch ${i}` }),
    }));
    const { answers, code } = await sendBatch(cookie, calls);
    expect(code).toBe(WS_CLOSE.TOO_MANY_CALLS);
    expect(answers).toEqual([]);
    expect(JSON.stringify(await http.trpc.events.list.query({}))).not.toContain('Batch');
  });
});
