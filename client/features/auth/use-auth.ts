import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useNavigate } from 'react-router';
import { M } from '#shared/messages';
import { errorMessage } from '../../lib/trpc-errors';
import { type Me, trpc } from '../../lib/trpc';

/** spec §4: the session is read once on load; `isLoading` stays true until that first read ends. */
export function useMe() {
  return trpc.auth.me.useQuery(undefined, { staleTime: 60_000 });
}

/** Puts a freshly signed-in user in the cache so guards see it without another round trip. */
export function useSetMe() {
  const utils = trpc.useUtils();
  return (user: Me | null) => utils.auth.me.setData(undefined, user);
}

/** spec §2 /account Logout: ends the session, forgets cached data, back to /auth. */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const mutation = trpc.auth.signOut.useMutation({
    onSuccess: () => {
      utils.auth.me.setData(undefined, null);
      const meKey = JSON.stringify(getQueryKey(trpc.auth.me)[0]);
      queryClient.removeQueries({ predicate: (q) => JSON.stringify(q.queryKey[0]) !== meKey });
      navigate('/auth', { replace: true });
    },
    onError: (error) => notifications.show({ color: 'red', title: M.auth.signOutError, message: errorMessage(error) }),
  });
  return mutation;
}
