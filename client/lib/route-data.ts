import type { QueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import type { RouteDataEntry } from '#server/http/route-data';
import { PAGE_HINTS } from '#shared/constants';
import { type RouterOutputs, trpc } from './trpc';

/**
 * The answers the server put in the page for this URL (server/http/route-data.ts) go into the query
 * cache before the first render, so the page draws its content at once instead of a loader and a
 * request (issue 8 B7). Only the procedures named here are taken; anything else or unreadable is skipped.
 */
export function seedRouteData(queryClient: QueryClient) {
  const text = document.getElementById(PAGE_HINTS.DATA_ELEMENT_ID)?.textContent;
  if (!text) return;
  let entries: RouteDataEntry[];
  try {
    entries = JSON.parse(text);
  } catch {
    return;
  }
  if (!Array.isArray(entries)) return;
  for (const entry of entries) {
    if (entry?.path === 'registrations.event' && typeof entry.input?.eventId === 'string') {
      queryClient.setQueryData<RouterOutputs['registrations']['event']>(
        getQueryKey(trpc.registrations.event, { eventId: entry.input.eventId }, 'query'),
        entry.data as RouterOutputs['registrations']['event'],
      );
    } else if (entry?.path === 'system.publicConfig') {
      queryClient.setQueryData<RouterOutputs['system']['publicConfig']>(
        getQueryKey(trpc.system.publicConfig, undefined, 'query'),
        entry.data as RouterOutputs['system']['publicConfig'],
      );
    }
  }
}
