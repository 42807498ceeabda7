import { Alert, Button, Center, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, Navigate, Outlet, Route, Routes } from 'react-router';
import { M } from '#shared/messages';
import { FullPageLoader } from './components/full-page-loader';
import { NotFoundPage } from './components/not-found-page';
import { useMe } from './features/auth/use-auth';
import { lazyPage } from './lib/lazy-page';
import { trpc } from './lib/trpc';
import { errorMessage } from './lib/trpc-errors';

// Every URL that is not an attendee or venue page (client/routes.tsx): sign-in, the organiser's screens,
// the door, the 404. A chunk of its own, with Mantine's full stylesheet, so /register carries neither
// this route table nor its guards.

// Each page is a chunk of its own; Mantine's full stylesheet came with this table.
const AppLayout = lazyPage(() => import('./components/app-shell').then((m) => m.AppLayout));
const AuthPage = lazyPage(() => import('./features/auth/auth-page').then((m) => m.AuthPage));
const AuthSuccessPage = lazyPage(() => import('./features/auth/auth-success-page').then((m) => m.AuthSuccessPage));
const PasswordResetSuccessPage = lazyPage(() =>
  import('./features/auth/password-reset-success-page').then((m) => m.PasswordResetSuccessPage),
);
const LegalPage = lazyPage(() => import('./features/legal/legal-page').then((m) => m.LegalPage));
const DashboardPage = lazyPage(() => import('./features/dashboard/dashboard-page').then((m) => m.DashboardPage));
const EventsPage = lazyPage(() => import('./features/events/events-page').then((m) => m.EventsPage));
const CreateEventPage = lazyPage(() => import('./features/events/create-event-page').then((m) => m.CreateEventPage));
const EditEventPage = lazyPage(() => import('./features/events/edit-event-page').then((m) => m.EditEventPage));
const EventDetailPage = lazyPage(() => import('./features/events/event-detail-page').then((m) => m.EventDetailPage));
const AccountPage = lazyPage(() => import('./features/account/account-page').then((m) => m.AccountPage));
const MembershipPage = lazyPage(() => import('./features/membership/membership-page').then((m) => m.MembershipPage));
const MembershipSuccessPage = lazyPage(() =>
  import('./features/membership/membership-success-page').then((m) => m.MembershipSuccessPage),
);
// The door (README "The door offline"): outside the signed-in layout, so it opens offline from the device's copy.
const DoorPage = lazyPage(() => import('./features/door/door-page').then((m) => m.DoorPage));
const AdminPage = lazyPage(() => import('./features/admin/admin-page').then((m) => m.AdminPage));
// The built-in test checkout (payments in test mode): public, like Stripe's hosted page.
const TestCheckoutPage = lazyPage(() =>
  import('./features/payments/test-checkout-page').then((m) => m.TestCheckoutPage),
);

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

export function OrganiserRoutes() {
  return (
    <Routes>
      <Route path="/auth" element={<AuthPage />} />
      <Route path="/auth/success" element={<AuthSuccessPage />} />
      <Route path="/auth-success" element={<AuthSuccessPage />} />
      <Route path="/auth/password-reset-success" element={<PasswordResetSuccessPage />} />
      <Route path="/password-reset-success" element={<PasswordResetSuccessPage />} />
      <Route path="/terms" element={<LegalPage kind="terms" />} />
      <Route path="/privacy" element={<LegalPage kind="privacy" />} />
      <Route path="/test-checkout/:id" element={<TestCheckoutPage />} />
      <Route path="/door/:eventId" element={<DoorPage />} />

      <Route element={<RequireAuth />}>
        <Route element={<AppLayout />}>
          <Route index element={<DashboardPage />} />
          <Route path="/events" element={<EventsPage />} />
          <Route path="/create-event" element={<CreateEventPage />} />
          <Route path="/edit-event/:eventId" element={<EditEventPage />} />
          <Route path="/event/:eventId" element={<EventDetailPage />} />
          <Route path="/account" element={<AccountPage />} />
          <Route path="/membership" element={<MembershipPage />} />
          <Route path="/membership-success" element={<MembershipSuccessPage />} />
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
