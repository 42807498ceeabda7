import type { Server } from 'node:http';
import { applyWSSHandler } from '@trpc/server/adapters/ws';
import { WebSocketServer } from 'ws';
import type { Deps } from '../deps';
import { isAllowedOrigin } from '../http/same-origin';
import { createContext } from './context';
import { appRouter } from './router';

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
  const handler = applyWSSHandler({
    wss,
    router: appRouter,
    createContext: ({ req }) => createContext(deps, req),
    keepAlive: { enabled: true, pingMs: 30_000, pongWaitMs: 5_000 },
  });
  return {
    wss,
    /** Asks clients to reconnect elsewhere, closes politely, and cuts whoever has not gone after a grace. */
    close: (graceMs = 1_000) =>
      new Promise<void>((resolve) => {
        handler.broadcastReconnectNotification();
        for (const client of wss.clients) client.close(1001, 'server shutting down');
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
