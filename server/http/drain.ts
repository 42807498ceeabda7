import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { NextFunction, Request, Response } from 'express';
import { M } from '#shared/messages';

/** How long requests in flight get to finish after a shutdown signal before their connections are cut. */
export const DRAIN_GRACE_MS = 3_000;

/**
 * Graceful HTTP shutdown. Before: every request passes through. After `drain()`: the listener is closed,
 * idle keep-alive connections are closed at once, a busy one after its response (sent with
 * `Connection: close`), and a request arriving on a kept-alive connection after the signal is answered
 * 503 without running, so no join is acknowledged by a process that is about to stop. `drain()` resolves
 * when every request has finished (connections still open after DRAIN_GRACE_MS are cut).
 */
export function createDrain(server: Server) {
  let draining = false;
  const inFlight = new Set<Response>();
  let idle: (() => void) | undefined;
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });

  const settle = () => {
    if (!draining) return;
    // the connection of the response that just ended becomes idle once Node has processed its end
    setImmediate(() => server.closeIdleConnections());
    if (inFlight.size === 0) idle?.();
  };

  function middleware(_req: Request, res: Response, next: NextFunction) {
    if (draining) {
      res.shouldKeepAlive = false;
      res.setHeader('Retry-After', '1');
      res.status(503).json({ error: M.common.restarting });
      return;
    }
    inFlight.add(res);
    res.once('close', () => {
      inFlight.delete(res);
      settle();
    });
    next();
  }

  function drain(): Promise<void> {
    draining = true;
    for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const finished = new Promise<void>((resolve) => {
      idle = resolve;
      if (inFlight.size === 0) resolve();
    });
    const cut = setTimeout(() => {
      server.closeAllConnections();
      for (const socket of sockets) socket.destroy();
    }, DRAIN_GRACE_MS);
    cut.unref();
    return Promise.all([closed, finished]).then(() => clearTimeout(cut));
  }

  return { middleware, drain, draining: () => draining };
}

export type Drain = ReturnType<typeof createDrain>;
