import { Alert, Button, Center, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link, matchPath, Navigate, Outlet, Route, Routes } from 'react-router';
import { M } from '#shared/messages';
import { FullPageLoader } from './components/full-page-loader';
import { NotFoundPage } from './components/not-found-page';
import { useMe } from './features/auth/use-auth';
import { lazyPage } from './lib/lazy-page';
import { trpc } from './lib/trpc';
import { errorMessage } from './lib/trpc-errors';
import { usePageViews } from './lib/use-page-views';

// Attendee pages: loaded on their own, so a phone at the door does not download the organiser screens.
const JoinPage = lazyPage(() => import('./features/registrations/join-page').then((m) => m.JoinPage));
const EditRegistrationPage = lazyPage(() =>
  import('./features/registrations/edit-registration-page').then((m) => m.EditRegistrationPage),
);
const AttendeeListPage = lazyPage(() =>
  Promise.all([import('./styles/list-styles'), import('./features/registrations/attendee-list-page')]).then(
    ([, m]) => m.AttendeeListPage,
  ),
);
// Venue screens (spec §2 /event-display, /event-qr): loaded on their own too.
const EventDisplayPage = lazy(() =>
  import('./features/live/event-display-page').then((m) => ({ default: m.EventDisplayPage })),
);
const EventQrPage = lazy(() => import('./features/live/event-qr-page').then((m) => ({ default: m.EventQrPage })));
// spec §2 the LinkedIn popup's callback pages.
const LinkedInCallbackPage = lazyPage(() =>
  import('./features/linkedin/linkedin-callback-page').then((m) => m.LinkedInCallbackPage),
);
// Organiser and sign-in screens: their own chunks, never loaded by a public page, each bringing Mantine's
// full stylesheet (public pages load only the part they use: ./styles/public-styles.ts). The stylesheet
// is asked for first so its <link> comes before any of the page's own (@mantine/dates' on the event form).
const organiserPage: typeof lazyPage = (load) =>
  lazyPage(() => Promise.all([import('./styles/organiser-styles'), load()]).then(([, page]) => page));
const AppLayout = organiserPage(() => import('./components/app-shell').then((m) => m.AppLayout));
const AuthPage = organiserPage(() => import('./features/auth/auth-page').then((m) => m.AuthPage));
const AuthSuccessPage = organiserPage(() => import('./features/auth/auth-success-page').then((m) => m.AuthSuccessPage));
const PasswordResetSuccessPage = organiserPage(() =>
  import('./features/auth/password-reset-success-page').then((m) => m.PasswordResetSuccessPage),
);
const LegalPage = organiserPage(() => import('./features/legal/legal-page').then((m) => m.LegalPage));
const DashboardPage = organiserPage(() => import('./features/dashboard/dashboard-page').then((m) => m.DashboardPage));
const EventsPage = organiserPage(() => import('./features/events/events-page').then((m) => m.EventsPage));
const CreateEventPage = organiserPage(() =>
  import('./features/events/create-event-page').then((m) => m.CreateEventPage),
);
const EditEventPage = organiserPage(() => import('./features/events/edit-event-page').then((m) => m.EditEventPage));
const EventDetailPage = organiserPage(() =>
  import('./features/events/event-detail-page').then((m) => m.EventDetailPage),
);
const AccountPage = organiserPage(() => import('./features/account/account-page').then((m) => m.AccountPage));
const MembershipPage = organiserPage(() =>
  import('./features/membership/membership-page').then((m) => m.MembershipPage),
);
const MembershipSuccessPage = organiserPage(() =>
  import('./features/membership/membership-success-page').then((m) => m.MembershipSuccessPage),
);
// The door (README "The door offline"): outside the signed-in layout, so it opens offline from the device's copy.
const DoorPage = organiserPage(() => import('./features/door/door-page').then((m) => m.DoorPage));
const AdminPage = organiserPage(() => import('./features/admin/admin-page').then((m) => m.AdminPage));
// The built-in test checkout (payments in test mode): public, like Stripe's hosted page.
const TestCheckoutPage = organiserPage(() =>
  import('./features/payments/test-checkout-page').then((m) => m.TestCheckoutPage),
);

/**
 * The page a URL opens cold, whose chunks index.html already fetches (server/http/route-preloads.ts):
 * client/main.tsx waits for it before the first render, so a phone's first paint is the page, not a
 * loader (issue 8 B7). Undefined for any other URL.
 */
export function preloadPage(pathname: string): Promise<unknown> | undefined {
  if (matchPath('/register/:eventId', pathname)) return JoinPage.preload();
  return undefined;
}

/** A lazily loaded public page, with the small loader while its code arrives. */
const publicPage = (page: ReactNode) => <Suspense fallback={<FullPageLoader />}>{page}</Suspense>;

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
      <Route path="/register/:eventId" element={publicPage(<JoinPage />)} />
      <Route path="/register/:eventId/edit/:registrationId" element={publicPage(<EditRegistrationPage />)} />
      <Route path="/edit-registration/:eventId" element={publicPage(<EditRegistrationPage />)} />
      <Route path="/event-list/:eventId" element={publicPage(<AttendeeListPage />)} />
      <Route path="/event-display/:eventId" element={publicPage(<EventDisplayPage />)} />
      <Route path="/event-qr/:eventId" element={publicPage(<EventQrPage />)} />
      <Route path="/linkedin-callback" element={publicPage(<LinkedInCallbackPage />)} />
      <Route path="/auth-callback" element={publicPage(<LinkedInCallbackPage />)} />
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
