import type { Server } from 'node:http';
import { type Encoder, getWSConnectionHandler, jsonEncoder } from '@trpc/server/adapters/ws';
import { type WebSocket, WebSocketServer } from 'ws';
import { TRPC_LIMITS, WS_CLOSE } from '#shared/constants';
import type { Deps } from '../deps';
import { isAllowedOrigin } from '../http/same-origin';
import { type Context, createContext } from './context';
import { appRouter } from './router';

// setTimeout fires at once for longer delays; a longer expiry is re-checked at this distance.
const MAX_TIMER_MS = 2 ** 31 - 1;

/** tRPC subscriptions over `ws` on the HTTP server's own port and the same /trpc path. */
export function attachWebSocket(server: Server, deps: Deps) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  server.on('upgrade', (req, socket, head) => {
    const { pathname } = new URL(req.url ?? '/', 'http://x');
    if (pathname !== '/trpc') return socket.destroy();
    if (!isAllowedOrigin(req, deps.config)) {
      socket.write('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return socket.destroy();
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  });

  const sockets = createSessionSockets(deps);
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
      experimental_encoder: boundedEncoder(socket),
    })(socket, req);
  });

  return {
    wss,
    /** Asks clients to reconnect elsewhere, closes politely, and cuts whoever has not gone after a grace. */
    close: (graceMs = 1_000) =>
      new Promise<void>((resolve) => {
        sockets.stop();
        const reconnect = jsonEncoder.encode({ id: null, method: 'reconnect' });
        for (const client of wss.clients) {
          if (client.readyState === client.OPEN) client.send(reconnect);
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
function boundedEncoder(socket: WebSocket): Encoder {
  return {
    encode: jsonEncoder.encode,
    decode: (data) => {
      const message = jsonEncoder.decode(data);
      if (Array.isArray(message) && message.length > TRPC_LIMITS.MAX_BATCH) {
        socket.close(WS_CLOSE.TOO_MANY_CALLS, 'too many calls in one message');
        throw new Error(`more than ${TRPC_LIMITS.MAX_BATCH} calls in one message`);
      }
      return message;
    },
  };
}

/**
 * Closes the sockets of a session when it ends, so every subscription on them stops at once (each call
 * is also re-checked: see `currentSession` in trpc.ts). Ended means signed out, ended by a password
 * reset, or expired: a timer per signed-in socket re-checks at the session's expiry.
 */
function createSessionSockets(deps: Deps) {
  const bySession = new Map<string, Set<WebSocket>>();
  const end = (socket: WebSocket) => socket.close(WS_CLOSE.SESSION_ENDED, 'session ended');

  const stopListening = deps.sessions.onEnded((sessionIds) => {
    for (const id of sessionIds) for (const socket of bySession.get(id) ?? []) end(socket);
  });

  function track(socket: WebSocket, ctx: Context) {
    const { sessionId, sessionExpiresAt, recheckSession } = ctx;
    if (!sessionId || !sessionExpiresAt || !recheckSession || socket.readyState !== socket.OPEN) return;
    const set = bySession.get(sessionId) ?? new Set<WebSocket>();
    bySession.set(sessionId, set.add(socket));

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
    stop: stopListening,
  };
}
