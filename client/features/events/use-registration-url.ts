import { JOIN_CODES } from '#shared/constants';
import { trpc } from '../../lib/trpc';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * spec §1: the registration link is the base URL plus /register/{id}. BASE_URL when the server has
 * one, else the address this page was opened on. `loopbackOnly` flags a link phones cannot open.
 */
export function useRegistrationUrl(eventId: string) {
  const config = trpc.system.publicConfig.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });
  const base = (config.data?.baseUrl ?? window.location.origin).replace(/\/+$/, '');
  return {
    ready: !config.isLoading,
    url: `${base}/register/${eventId}`,
    /** The short address (`/j/{code}`) a venue screen shows: redirects to the registration link. */
    joinUrl: (joinCode: string) => `${base}${JOIN_CODES.PATH}${joinCode}`,
    loopbackOnly: !config.data?.baseUrl && LOOPBACK.has(window.location.hostname),
  };
}
