import { useQuery } from '@tanstack/react-query';
import { ATTENDEES } from '#shared/constants';
import type { RegistrationDto } from '#shared/schemas/registrations';
import { trpc } from '../../lib/trpc';
import { type StoredToken, storedTokens } from './registration-tokens';

export type MyRegistration = { registration: RegistrationDto; token: string };

/** The cache key of the answer below, so a join or an edit can put the new answer in place. */
export const myRegistrationKey = (eventId: string) => ['registrations', 'mine', eventId] as const;

/**
 * Which entry of this event the browser's stored tokens own, as the server decides (spec §2 "(You)",
 * /edit-registration). The tokens are sent in batches of the lookup limit; a browser that joined many
 * events needs more than one.
 */
export function useMyRegistration(eventId: string, enabled = true) {
  const utils = trpc.useUtils();
  return useQuery({
    queryKey: myRegistrationKey(eventId),
    enabled,
    staleTime: ATTENDEES.MINE_STALE_MS,
    queryFn: async (): Promise<MyRegistration | null> => {
      const all = storedTokens();
      for (let i = 0; i < all.length; i += ATTENDEES.TOKENS_PER_LOOKUP) {
        const batch: StoredToken[] = all.slice(i, i + ATTENDEES.TOKENS_PER_LOOKUP);
        const { registration } = await utils.client.registrations.mine.mutate({
          eventId,
          tokens: batch.map((t) => t.token),
        });
        const owner = registration && batch.find((t) => t.registrationId === registration.id);
        if (registration && owner) return { registration, token: owner.token };
      }
      return null;
    },
  });
}
