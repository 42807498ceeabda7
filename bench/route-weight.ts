import type { Browser, Locator, Page } from 'playwright-core';
import { COMPRESSION } from '#server/constants';
import { M } from '#shared/messages';
import { organiserEvent } from '../tests/helpers/attendees-browser';
import { launchBrowser } from '../tests/helpers/browser';
import { browserCookies } from '../tests/helpers/events-browser';
import { startTestServer, type TestServer } from '../tests/helpers/server';
import { builtClient } from './lib/built-client';

type Route = { name: string; path: string; signedIn?: boolean; ready: (page: Page) => Locator };
export type RouteWeight = {
  route: string;
  usable: boolean;
  requests: number;
  kb: number;
  byType: Record<string, number>;
};

/**
 * issue 8 B6: bytes on the wire (compressed bodies plus response headers, as the server sends them to a
 * browser that accepts brotli) that a page needs before it is usable, from a cold cache: /register and
 * the other public pages, and the organiser dashboard for contrast, on the run's production build
 * (bench/lib/built-client.ts; BENCH_CLIENT_DIR measures an existing build instead, e.g. an older one).
 */
export async function routeWeightBench() {
  const clientDir = await builtClient();
  const srv = await startTestServer({ overrides: { clientDir } });
  const browser = await launchBrowser();
  try {
    const { api, event } = await organiserEvent(srv);
    const routes: Route[] = [
      {
        name: '/register',
        path: `/register/${event.id}`,
        ready: (p) => p.getByRole('button', { name: M.attendees.joinButton }),
      },
      { name: '/event-list', path: `/event-list/${event.id}`, ready: (p) => p.getByPlaceholder(M.attendees.search) },
      { name: '/event-display', path: `/event-display/${event.id}`, ready: (p) => p.getByText(M.events.scanToJoin) },
      { name: '/event-qr', path: `/event-qr/${event.id}`, ready: (p) => p.getByText(M.events.scanToJoin) },
      {
        name: '/ (organiser dashboard)',
        path: '/',
        signedIn: true,
        ready: (p) => p.getByRole('main').getByRole('link', { name: 'Create Event' }),
      },
    ];
    const results: RouteWeight[] = [];
    for (const route of routes) {
      const cookies = route.signedIn ? browserCookies(srv, api) : [];
      results.push(await measure(browser, srv, route, cookies));
    }
    api.close();
    for (const r of results) {
      const budget = r.route === '/register' ? ` (target ≤ ${COMPRESSION.REGISTER_BUDGET_KB} KB)` : '';
      const types = Object.entries(r.byType)
        .map(([t, kb]) => `${t} ${kb.toFixed(1)}`)
        .join(', ');
      console.log(
        `${r.route.padEnd(24)} ${r.kb.toFixed(1).padStart(7)} KB in ${r.requests} requests${budget}${r.usable ? '' : ' NEVER USABLE'} [${types}]`,
      );
    }
    const register = results.find((r) => r.route === '/register');
    return {
      bench: 'route-weight',
      registerKb: register?.kb,
      registerBudgetKb: COMPRESSION.REGISTER_BUDGET_KB,
      withinBudget: register ? register.usable && register.kb <= COMPRESSION.REGISTER_BUDGET_KB : false,
      routes: results,
    };
  } finally {
    await browser.close();
    await srv.stop();
  }
}

async function measure(
  browser: Browser,
  srv: TestServer,
  route: Route,
  cookies: { name: string; value: string; url: string }[],
): Promise<RouteWeight> {
  // A fresh context is a cold cache. Chromium offers brotli only over https: ask for it as a phone
  // browser on an https deployment does.
  const context = await browser.newContext({
    baseURL: srv.url,
    viewport: { width: 390, height: 844 },
    extraHTTPHeaders: { 'Accept-Encoding': 'br, gzip' },
  });
  await context.addCookies(cookies);
  const page = await context.newPage();
  const pending: Promise<{ type: string; bytes: number }>[] = [];
  let counting = true;
  page.on('requestfinished', (request) => {
    if (!counting) return;
    pending.push(
      request.sizes().then((s) => {
        const bytes = s.responseBodySize + s.responseHeadersSize;
        if (process.env.BENCH_VERBOSE) console.log(`  ${route.name} ${(bytes / 1024).toFixed(1)} KB ${request.url()}`);
        return { type: request.resourceType(), bytes };
      }),
    );
  });
  try {
    await page.goto(route.path);
    // A page that never becomes usable (an older build without the route) is reported, not fatal.
    const usable = await route
      .ready(page)
      .waitFor({ state: 'visible', timeout: 15_000 })
      .then(() => true)
      .catch(() => false);
    counting = false;
    const done = await Promise.all(pending);
    const byType: Record<string, number> = {};
    for (const r of done) byType[r.type] = (byType[r.type] ?? 0) + r.bytes / 1024;
    const kb = done.reduce((sum, r) => sum + r.bytes, 0) / 1024;
    return { route: route.name, usable, requests: done.length, kb, byType };
  } finally {
    await context.close();
  }
}
