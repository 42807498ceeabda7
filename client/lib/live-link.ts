import type { TRPCLink } from '@trpc/client';
import { createWSClient, wsLink } from '@trpc/client/links/wsLink/wsLink';
import type { AppRouter } from '#server/trpc/router';
import { LIVE_CLIENT, WS_CLOSE } from '#shared/constants';
import { reconnectDelayMs } from '#shared/live-retry';

/**
 * The WebSocket side of the tRPC client (subscriptions), in a chunk of its own: loaded when the first
 * subscription starts (`onDemandLink` in ./trpc.ts), so a page without one (/register) does not
 * download tRPC's WebSocket client (issue 8 B6/B7).
 */
export function createLiveLink(onSessionEnded: () => void): { link: TRPCLink<AppRouter>; reconnect: () => void } {
  const wsUrl = `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/trpc`;
  const wsClient = createWSClient({
    url: wsUrl,
    lazy: { enabled: true, closeMs: 5_000 },
    // A venue screen runs for days: notice a dead network by its silence, and keep retrying (tRPC resends
    // each subscription with its last tracked id, so the server replays what was missed).
    keepAlive: { enabled: true, intervalMs: LIVE_CLIENT.KEEPALIVE_MS, pongTimeoutMs: LIVE_CLIENT.PONG_TIMEOUT_MS },
    retryDelayMs: (attempt) => reconnectDelayMs(attempt),
    // The server closes the socket of a session that ended (here or elsewhere).
    onClose: (cause) => {
      if (cause?.code === WS_CLOSE.SESSION_ENDED) onSessionEnded();
    },
  });
  return { link: wsLink<AppRouter>({ client: wsClient }), reconnect: () => wsClient.connection?.ws.close() };
}
