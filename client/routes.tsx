import { Alert, Button, Center, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, Navigate, Outlet, Route, Routes } from 'react-router';
import { M } from '#shared/messages';
import { AppLayout } from './components/app-shell';
import { FullPageLoader } from './components/full-page-loader';
import { NotFoundPage } from './components/not-found-page';
import { AccountPage } from './features/account/account-page';
import { AdminPage } from './features/admin/admin-page';
import { AuthPage } from './features/auth/auth-page';
import { AuthSuccessPage } from './features/auth/auth-success-page';
import { PasswordResetSuccessPage } from './features/auth/password-reset-success-page';
import { useMe } from './features/auth/use-auth';
import { DashboardPage } from './features/dashboard/dashboard-page';
import { CreateEventPage } from './features/events/create-event-page';
import { EditEventPage } from './features/events/edit-event-page';
import { EventDetailPage } from './features/events/event-detail-page';
import { EventsPage } from './features/events/events-page';
import { LegalPage } from './features/legal/legal-page';
import { MembershipPage } from './features/membership/membership-page';
import { trpc } from './lib/trpc';
import { errorMessage } from './lib/trpc-errors';
import { usePageViews } from './lib/use-page-views';

/** spec §2 guards: Loading while the session is read, then the page or /auth. */
function RequireAuth() {
  const me = useMe();
  if (me.isLoading) return <FullPageLoader />;
  if (!me.data) return <Navigate to="/auth" replace />;
  return <Outlet />;
}

/** spec §2 guards, §6 administrator: Loading → /auth → roles error → access denied → page. */
function RequireAdmin({ children }: { children: ReactNode }) {
  const me = useMe();
  const roles = trpc.auth.roles.useQuery(undefined, { enabled: Boolean(me.data), retry: false });
  if (me.isLoading || (me.data && roles.isLoading)) return <FullPageLoader fullHeight={false} />;
  if (!me.data) return <Navigate to="/auth" replace />;
  if (roles.error) return <GuardMessage text={M.guards.rolesError(errorMessage(roles.error))} />;
  if (!roles.data?.includes('admin')) return <GuardMessage text={M.guards.adminOnly} />;
  return children;
}

function GuardMessage({ text }: { text: string }) {
  return (
    <Center mih={240}>
      <Stack align="center" gap="md" maw={520} w="100%">
        <Alert color="red" variant="light" icon={<IconLock size={18} />} w="100%" role="alert">
          {text}
        </Alert>
        <Button component={Link} to="/" variant="light">
          Back to Dashboard
        </Button>
      </Stack>
    </Center>
  );
}

export function AppRoutes() {
  usePageViews();
  return (
    <Routes>
      <Route path="/auth" element={<AuthPage />} />
      <Route path="/auth/success" element={<AuthSuccessPage />} />
      <Route path="/auth-success" element={<AuthSuccessPage />} />
      <Route path="/auth/password-reset-success" element={<PasswordResetSuccessPage />} />
      <Route path="/password-reset-success" element={<PasswordResetSuccessPage />} />
      <Route path="/terms" element={<LegalPage kind="terms" />} />
      <Route path="/privacy" element={<LegalPage kind="privacy" />} />

      <Route element={<RequireAuth />}>
        <Route element={<AppLayout />}>
          <Route index element={<DashboardPage />} />
          <Route path="/events" element={<EventsPage />} />
          <Route path="/create-event" element={<CreateEventPage />} />
          <Route path="/edit-event/:eventId" element={<EditEventPage />} />
          <Route path="/event/:eventId" element={<EventDetailPage />} />
          <Route path="/account" element={<AccountPage />} />
          <Route path="/membership" element={<MembershipPage />} />
          <Route
            path="/admin"
            element={
              <RequireAdmin>
                <AdminPage />
              </RequireAdmin>
            }
          />
        </Route>
      </Route>

      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
