import './styles/public-styles';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { ErrorBoundary } from './components/error-boundary';
import { seedRouteData } from './lib/route-data';
import { createTrpcClient, type RouterOutputs, trpc } from './lib/trpc';
import { errorCode, errorData } from './lib/trpc-errors';
import { PROVIDER_PROPS } from './theme';

// A 4xx answer will not change on retry; a dropped connection might.
const retry = (count: number, error: unknown) => {
  const status = errorData(error).httpStatus;
  return count < 2 && !(status && status >= 400 && status < 500);
};

/** These answer UNAUTHORIZED for bad credentials or a bad link, not because the session ended. */
const CREDENTIAL_PROCEDURES = new Set([
  'auth.signIn',
  'auth.signUp',
  'auth.verify',
  'auth.resetPassword',
  'auth.forgotPassword',
]);

/**
 * A session that ended elsewhere (sign-out in another tab, expiry) shows up as UNAUTHORIZED on the next
 * call: forget the signed-in user so RequireAuth sends the tab to /auth.
 */
function createQueryClient() {
  const onError = (error: unknown, key: QueryKey | undefined) => {
    const path = Array.isArray(key?.[0]) ? key[0].join('.') : '';
    if (errorCode(error) !== 'UNAUTHORIZED' || CREDENTIAL_PROCEDURES.has(path)) return;
    queryClient.setQueryData<RouterOutputs['auth']['me']>(getQueryKey(trpc.auth.me, undefined, 'query'), null);
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.queryKey) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => onError(error, mutation.options.mutationKey),
    }),
    defaultOptions: { queries: { retry, refetchOnWindowFocus: false } },
  });
  seedRouteData(queryClient);
  return queryClient;
}

const LazyToastContainer = lazy(() =>
  import('./components/toast-container').then((m) => ({ default: m.ToastContainer })),
);

/**
 * The toast container and its animation code load with the first toast (they wait in the store until
 * then), so a page a phone opens at the door does not download them before its form.
 */
function Toasts() {
  const { notifications } = useNotifications();
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (notifications.length > 0) setNeeded(true);
  }, [notifications.length]);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <LazyToastContainer />
    </Suspense>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(() => createTrpcClient(queryClient));
  return (
    // Every theme variable written by the provider (it computes them all anyway), not only those that
    // differ from Mantine's defaults: the public pages do without the 27 KB default-css-variables.css
    // (./styles/public-styles.ts; ~2.8 KB brotli less on /register, issue 8 B6).
    <MantineProvider {...PROVIDER_PROPS}>
      <ErrorBoundary>
        <trpc.Provider client={trpcClient} queryClient={queryClient}>
          <QueryClientProvider client={queryClient}>
            <Toasts />
            <BrowserRouter>{children}</BrowserRouter>
          </QueryClientProvider>
        </trpc.Provider>
      </ErrorBoundary>
    </MantineProvider>
  );
}
