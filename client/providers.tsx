import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import { createTheme, MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import 'dayjs/locale/en-gb';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { ErrorBoundary } from './components/error-boundary';
import { createTrpcClient, trpc } from './lib/trpc';
import { errorData } from './lib/trpc-errors';

const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  cursorType: 'pointer',
});

// A 4xx answer will not change on retry; a dropped connection might.
const retry = (count: number, error: unknown) => {
  const status = errorData(error).httpStatus;
  return count < 2 && !(status && status >= 400 && status < 500);
};

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry, refetchOnWindowFocus: false } } }),
  );
  const [trpcClient] = useState(createTrpcClient);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      {/* spec §9: en-GB dates, the week starts on Monday */}
      <DatesProvider settings={{ locale: 'en-gb', firstDayOfWeek: 1 }}>
        <ErrorBoundary>
          <trpc.Provider client={trpcClient} queryClient={queryClient}>
            <QueryClientProvider client={queryClient}>
              <Notifications position="top-right" limit={4} />
              <BrowserRouter>{children}</BrowserRouter>
            </QueryClientProvider>
          </trpc.Provider>
        </ErrorBoundary>
      </DatesProvider>
    </MantineProvider>
  );
}
