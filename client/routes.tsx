import { lazy, type ReactNode, Suspense } from 'react';
import { matchPath, Route, Routes } from 'react-router';
import { FullPageLoader } from './components/full-page-loader';
import { lazyPage } from './lib/lazy-page';
import { usePageViews } from './lib/use-page-views';
import { useScrollReset } from './lib/use-scroll-reset';

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
// Everything else: sign-in, organiser screens, the door and the 404, in one chunk with Mantine's full
// stylesheet (./organiser-routes.tsx). The stylesheet is asked for first so its <link> comes before any
// page's own (@mantine/dates' on the event form).
const OrganiserRoutes = lazyPage(() =>
  Promise.all([import('./styles/organiser-styles'), import('./organiser-routes')]).then(([, m]) => m.OrganiserRoutes),
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

export function AppRoutes() {
  usePageViews();
  useScrollReset();
  return (
    <Routes>
      <Route path="/register/:eventId" element={publicPage(<JoinPage />)} />
      <Route path="/register/:eventId/edit/:registrationId" element={publicPage(<EditRegistrationPage />)} />
      <Route path="/edit-registration/:eventId" element={publicPage(<EditRegistrationPage />)} />
      <Route path="/event-list/:eventId" element={publicPage(<AttendeeListPage />)} />
      <Route path="/event-display/:eventId" element={publicPage(<EventDisplayPage />)} />
      <Route path="/event-qr/:eventId" element={publicPage(<EventQrPage />)} />
      <Route path="/linkedin-callback" element={publicPage(<LinkedInCallbackPage />)} />
      <Route path="/auth-callback" element={publicPage(<LinkedInCallbackPage />)} />
      <Route path="*" element={<OrganiserRoutes />} />
    </Routes>
  );
}
