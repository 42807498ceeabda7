import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useNavigate } from 'react-router';
import { M } from '#shared/messages';
import { type Me, trpc } from '../../lib/trpc';
import { errorMessage } from '../../lib/trpc-errors';

/**
 * spec §4: the session is read once on load; `isLoading` stays true until that first read ends. It is
 * read again whenever the tab regains focus, so a sign-out in another tab is noticed.
 */
export function useMe() {
  return trpc.auth.me.useQuery(undefined, { staleTime: 60_000, refetchOnWindowFocus: 'always' });
}

/**
 * Puts the signed-in user (or null) in the cache so guards see it without another round trip, and
 * drops everything cached for whoever was signed in before.
 */
export function useSetMe() {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  return (user: Me | null) => {
    utils.auth.me.setData(undefined, user);
    const meKey = JSON.stringify(getQueryKey(trpc.auth.me)[0]);
    queryClient.removeQueries({ predicate: (q) => JSON.stringify(q.queryKey[0]) !== meKey });
  };
}

/** spec §2 /account Logout: ends the session, forgets cached data, back to /auth. */
export function useSignOut() {
  const navigate = useNavigate();
  const setMe = useSetMe();
  const mutation = trpc.auth.signOut.useMutation({
    onSuccess: () => {
      // the door's copy of attendee lists leaves the device with the session (README "The door offline")
      void import('../door/door-store').then((m) => m.forgetDoorDevice());
      setMe(null);
      navigate('/auth', { replace: true });
    },
    onError: (error) => notifications.show({ color: 'red', title: M.auth.signOutError, message: errorMessage(error) }),
  });
  return mutation;
}
