import { randomBytes } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import { type Encoder, getWSConnectionHandler, jsonEncoder } from '@trpc/server/adapters/ws';
import { type WebSocket, WebSocketServer } from 'ws';
import { TRPC_LIMITS, WS_CLOSE } from '#shared/constants';
import type { Deps } from '../deps';
import { isAllowedOrigin } from '../http/same-origin';
import { type Context, createContext } from './context';
import { appRouter } from './router';
import { dropSlowReader, SOCKET_LIMITS, tooFarBehind } from './socket-limits';
import { encodeResponse, RECONNECT } from './wire-frames';
import { noteCall } from './ws-direct';

// setTimeout fires at once for longer delays; a longer expiry is re-checked at this distance.
const MAX_TIMER_MS = 2 ** 31 - 1;

/** tRPC subscriptions over `ws` on the HTTP server's own port and the same /trpc path. */
export function attachWebSocket(server: Server, deps: Deps) {
  // no compression: live frames are written whole to the TCP socket beside ws's own (ws-direct.ts)
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024, perMessageDeflate: false });
  server.on('upgrade', (req, socket, head) => {
    const { pathname } = new URL(req.url ?? '/', 'http://x');
    if (pathname !== '/trpc') return socket.destroy();
    if (!isAllowedOrigin(req, deps.config, deps.requests)) {
      socket.write('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return socket.destroy();
    }
    const ip = deps.requests.clientIp(req) ?? 'unknown';
    if (!deps.sockets.admit(ip)) {
      socket.write('HTTP/1.1 429 Too Many Requests\r\nRetry-After: 10\r\nConnection: close\r\n\r\n');
      return socket.destroy();
    }
    socket.once('close', () => deps.sockets.release(ip));
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  });

  const sockets = createSessionSockets(deps);
  const liveness = checkLiveness(wss, deps);
  wss.on('connection', (socket, req) => {
    getWSConnectionHandler({
      wss,
      router: appRouter,
      createContext: async ({ req }) => {
        const ctx = await createContext(deps, req);
        sockets.track(socket, ctx);
        return ctx;
      },
      keepAlive: { enabled: true, pingMs: 30_000, pongWaitMs: 5_000 },
      experimental_encoder: boundedEncoder(socket, req),
    })(socket, req);
  });

  return {
    wss,
    /** Asks clients to reconnect elsewhere, closes politely, and cuts whoever has not gone after a grace. */
    close: (graceMs = 1_000) =>
      new Promise<void>((resolve) => {
        sockets.stop();
        liveness.stop();
        for (const client of wss.clients) {
          if (client.readyState === client.OPEN) client.send(RECONNECT);
          client.close(1001, 'server shutting down');
        }
        const cut = setTimeout(() => {
          for (const client of wss.clients) client.terminate();
        }, graceMs);
        cut.unref();
        wss.close(() => {
          clearTimeout(cut);
          resolve();
        });
      }),
  };
}

/**
 * Refuses a message carrying more than TRPC_LIMITS.MAX_BATCH calls before any of them runs: tRPC answers
 * a decoding error without running anything, and the socket is closed so the client's calls fail at once
 * instead of waiting for answers that will not come.
 */
function boundedEncoder(socket: WebSocket, req: IncomingMessage): Encoder {
  const coalesce = coalescedWrites(req);
  const subscriptions = new Set<unknown>();
  const refuse = (why: string) => {
    socket.close(WS_CLOSE.TOO_MANY_CALLS, why);
    throw new Error(why);
  };
  return {
    encode: (message) => {
      tooFarBehind(socket);
      const m = message as { id?: unknown; result?: { type?: string }; error?: unknown };
      if (m.result?.type === 'stopped' || m.error !== undefined) subscriptions.delete(m.id);
      coalesce();
      return encodeResponse(message);
    },
    decode: (data) => {
      const message = jsonEncoder.decode(data);
      if (Array.isArray(message) && message.length > TRPC_LIMITS.MAX_BATCH) refuse('too many calls in one message');
      for (const call of Array.isArray(message) ? message : [message]) {
        const { id, method } = (call ?? {}) as { id?: unknown; method?: unknown };
        if (method === 'subscription.stop') subscriptions.delete(id);
        if (method === 'subscription' && !subscriptions.has(id)) {
          if (subscriptions.size >= SOCKET_LIMITS.SUBSCRIPTIONS_PER_SOCKET) refuse('too many subscriptions');
          subscriptions.add(id);
        }
        noteCall(socket, req.socket, call);
      }
      return message;
    },
  };
}

/**
 * Every LIVENESS_MS each socket gets a ws ping with a fresh random payload; one that has not echoed the
 * previous payload is dropped. Reading is the only way to echo it, so a client that stopped reading
 * cannot stay by sending blind pongs (or tRPC's "PONG" text, which resets tRPC's own keep-alive).
 */
function checkLiveness(wss: WebSocketServer, deps: Deps) {
  const owed = new WeakMap<WebSocket, Buffer>();
  wss.on('connection', (socket: WebSocket) => {
    socket.on('pong', (data: Buffer) => {
      if (owed.get(socket)?.equals(data)) owed.delete(socket);
    });
  });
  let cancel: (() => void) | undefined;
  const round = () => {
    for (const socket of wss.clients) {
      if (owed.has(socket)) {
        dropSlowReader(socket);
        continue;
      }
      const nonce = randomBytes(8);
      owed.set(socket, nonce);
      socket.ping(nonce);
    }
    cancel = deps.liveTimer.after(SOCKET_LIMITS.LIVENESS_MS, round);
  };
  cancel = deps.liveTimer.after(SOCKET_LIMITS.LIVENESS_MS, round);
  return { stop: () => cancel?.() };
}

/**
 * Every frame tRPC sends to one socket in one turn of the event loop leaves in one write: a change fans
 * out to each subscriber as one message per item, and a burst of joins would otherwise cost a system call
 * (and, on loopback or a busy proxy, a wake-up of the reader) per frame per socket. The frames stay
 * separate WebSocket messages; only the TCP writes are gathered, at the end of the turn. (Sending each
 * turn's first frame at once and gathering only the rest cost more CPU per message in B4's bursts, in a
 * few noisy runs here, for a slightly lower B3 median.)
 * `encode` runs right before tRPC's `send`, so the socket is corked before the frame is written; `ws`
 * corks and uncorks around each frame too, and a corked stream flushes only when every cork is undone.
 */
function coalescedWrites(req: IncomingMessage) {
  const tcp = req.socket;
  let corked = false;
  const flush = () => {
    corked = false;
    tcp.uncork();
  };
  return () => {
    if (corked || tcp.destroyed) return;
    corked = true;
    tcp.cork();
    process.nextTick(flush);
  };
}

/**
 * Closes the sockets of a session when it ends, so every subscription on them stops at once (each call
 * is also re-checked: see `currentSession` in trpc.ts). Ended means signed out, ended by a password
 * reset, or expired: a timer per signed-in socket re-checks at the session's expiry, and every session
 * with sockets is read again each SESSION_RECHECK_MS, for an end this process was not told of.
 */
function createSessionSockets(deps: Deps) {
  type Tracked = { sockets: Set<WebSocket>; recheck: NonNullable<Context['recheckSession']> };
  const bySession = new Map<string, Tracked>();
  const end = (socket: WebSocket) => socket.close(WS_CLOSE.SESSION_ENDED, 'session ended');

  const stopListening = deps.sessions.onEnded((sessionIds) => {
    for (const id of sessionIds) for (const socket of bySession.get(id)?.sockets ?? []) end(socket);
  });

  /** One read of each tracked session; the sockets of one that ended (or expired) are closed. */
  async function recheckAll() {
    for (const [sessionId, tracked] of [...bySession]) {
      if (stopped) return;
      const auth = await tracked.recheck().catch((err) => {
        deps.log.error({ err }, 'session re-check for a WebSocket failed');
        return 'failed' as const; // the database is unreachable: left to the next round
      });
      if (auth !== 'failed' && auth?.sessionId !== sessionId) for (const socket of tracked.sockets) end(socket);
    }
  }
  let stopped = false;
  let stopRounds: (() => void) | undefined;
  const round = () => {
    stopRounds = undefined;
    void recheckAll().finally(() => {
      if (!stopped) stopRounds = deps.liveTimer.after(SOCKET_LIMITS.SESSION_RECHECK_MS, round);
    });
  };
  stopRounds = deps.liveTimer.after(SOCKET_LIMITS.SESSION_RECHECK_MS, round);

  function track(socket: WebSocket, ctx: Context) {
    const { sessionId, sessionExpiresAt, recheckSession } = ctx;
    if (!sessionId || !sessionExpiresAt || !recheckSession || socket.readyState !== socket.OPEN) return;
    const tracked = bySession.get(sessionId) ?? { sockets: new Set<WebSocket>(), recheck: recheckSession };
    tracked.sockets.add(socket);
    bySession.set(sessionId, tracked);
    const set = tracked.sockets;

    let timer: NodeJS.Timeout | undefined;
    const checkAt = (expiresAt: Date) => {
      const delay = Math.min(Math.max(expiresAt.getTime() - deps.clock.now().getTime(), 0), MAX_TIMER_MS);
      timer = setTimeout(async () => {
        // Sliding expiry may have moved it on; an expired session is deleted and announced by validate.
        const auth = await recheckSession().catch((err) => {
          deps.log.error({ err }, 'session re-check for a WebSocket failed');
          return null;
        });
        if (socket.readyState !== socket.OPEN) return;
        if (auth?.sessionId === sessionId) checkAt(auth.expiresAt);
        else end(socket);
      }, delay);
      timer.unref();
    };
    checkAt(sessionExpiresAt);

    socket.once('close', () => {
      clearTimeout(timer);
      set.delete(socket);
      if (set.size === 0) bySession.delete(sessionId);
    });
  }

  return {
    track,
    stop: () => {
      stopped = true;
      stopRounds?.();
      stopListening();
    },
  };
}
