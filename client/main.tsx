import { StrictMode, Suspense, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { FullPageLoader } from './components/full-page-loader';
import { Providers } from './providers';
import { AppRoutes, preloadPage } from './routes';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A transition: React renders the first page in slices of a few milliseconds, yielding between them, so a
// slow phone stays responsive while the page is built (the join page's intro is already on screen).
const render = () =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <Providers>
          {/* Every page is its own chunk: this loader shows while the first one arrives; later navigations
            are react-router transitions, which keep the current page up until the next one is loaded. */}
          <Suspense fallback={<FullPageLoader />}>
            <AppRoutes />
          </Suspense>
        </Providers>
      </StrictMode>,
    ),
  );

// A page whose code came with the HTML is rendered once it has run (a failure renders anyway: the page's
// own loader then retries or reloads).
const page = preloadPage(window.location.pathname);
if (page) page.then(render, render);
else render();
