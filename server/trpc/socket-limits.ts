import type { WebSocket } from 'ws';
import { WS_CLOSE } from '#shared/constants';

/**
 * Abuse ceilings for the WebSocket (README "Limits"): sized for a venue where hundreds of phones share
 * one address (each live page opens one socket with one or two subscriptions), not per person.
 */
export const SOCKET_LIMITS = {
  PER_IP: 2_000,
  SUBSCRIPTIONS_PER_SOCKET: 20,
  /** Unsent bytes the server holds for one socket before it drops it (the kernel's queue comes on top). */
  MAX_BUFFERED_BYTES: 512 * 1024,
  /** A ws ping every interval; a socket that has not echoed the last one by the next is dropped. */
  LIVENESS_MS: 30_000,
  /**
   * Every signed-in socket's session is read again at this pace, so a session ended where this process
   * was not told (the notice from another process lost, e.g. while its bus listener reconnected) still
   * closes its sockets within it.
   */
  SESSION_RECHECK_MS: 60_000,
} as const;

/** Open sockets per client address, for the per-IP ceiling; one counter per app (built in createDeps). */
export function createSocketCounter(limit: number = SOCKET_LIMITS.PER_IP) {
  const open = new Map<string, number>();
  return {
    /** Counts a new socket from `ip`; false (nothing counted) past the ceiling. */
    admit(ip: string): boolean {
      const n = open.get(ip) ?? 0;
      if (n >= limit) return false;
      open.set(ip, n + 1);
      return true;
    },
    release(ip: string) {
      const n = (open.get(ip) ?? 1) - 1;
      if (n <= 0) open.delete(ip);
      else open.set(ip, n);
    },
    count: (ip: string) => open.get(ip) ?? 0,
  };
}

export type SocketCounter = ReturnType<typeof createSocketCounter>;

/**
 * A socket whose reader has fallen behind is dropped rather than buffered for: its close frame would
 * queue behind what it has not read, so it is cut at once. The browser reconnects and resumes from its
 * last id (the server replays what it missed from the change log).
 */
export function dropSlowReader(socket: WebSocket) {
  socket.close(WS_CLOSE.TRY_AGAIN, 'reading too slowly');
  socket.terminate();
}

/** Whether a socket's unsent data is past the bound (then it has been dropped). */
export function tooFarBehind(socket: WebSocket): boolean {
  if (socket.bufferedAmount <= SOCKET_LIMITS.MAX_BUFFERED_BYTES) return false;
  dropSlowReader(socket);
  return true;
}
