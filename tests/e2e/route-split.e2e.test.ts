import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { M } from '#shared/messages';
import { apiJoin, organiserEvent } from '../helpers/attendees-browser';
import { browserHarness, DESKTOP, PHONE, visible } from '../helpers/browser';
import { browserCookies } from '../helpers/events-browser';

// issue 7 item 11: the public pages load only their own code and the Mantine styles they use.

const harness = browserHarness();
const require = createRequire(import.meta.url);
const css = (id: string) => fs.readFileSync(require.resolve(id), 'utf8');
const classesOf = (text: string) => new Set(text.match(/\bm_[0-9a-f]{8}\b/g) ?? []);

// Texts written only in organiser screens' code (not in shared/messages: see the texts' test below).
const ORGANISER_MARKERS = [
  'Platform Navigation', // client/components/sidebar-nav.tsx
  'All the rooms you have hosted', // client/features/dashboard/dashboard-page.tsx
  'Set up a room for your attendees to join.', // client/features/events/create-event-page.tsx
];
// Classes only organiser screens use: the app shell and @mantine/dates' calendar.
const coreDir = path.dirname(require.resolve('@mantine/core/styles.css'));
const ORGANISER_CLASSES = [
  ...classesOf(fs.readFileSync(path.join(coreDir, 'styles/AppShell.css'), 'utf8')),
  ...classesOf(css('@mantine/dates/styles.css')),
];
const MANTINE_CLASSES = classesOf(css('@mantine/core/styles.css') + css('@mantine/notifications/styles.css'));

/** Every script and stylesheet the page downloads while `run` goes on, as text. */
async function downloads(page: Page, run: () => Promise<void>) {
  const bodies: Promise<{ type: string; url: string; text: string }>[] = [];
  const onResponse = (res: import('playwright-core').Response) => {
    const type = res.request().resourceType();
    if (type === 'script' || type === 'stylesheet') {
      bodies.push(res.text().then((text) => ({ type, url: res.url(), text })));
    }
  };
  page.on('response', onResponse);
  await run();
  page.off('response', onResponse);
  return Promise.all(bodies);
}

/** Mantine classes on the page's elements that have rules in Mantine's full stylesheet but none loaded. */
function unstyledClasses(page: Page) {
  return page.evaluate(
    (known) => {
      const loaded = [...document.styleSheets].map((s) => [...s.cssRules].map((r) => r.cssText).join('\n')).join('\n');
      const onPage = new Set<string>();
      for (const el of document.querySelectorAll('[class*="m_"]')) {
        for (const c of el.classList) if (/^m_[0-9a-f]{8}$/.test(c)) onPage.add(c);
      }
      return [...onPage].filter((c) => known.includes(c) && !loaded.includes(`.${c}`));
    },
    [...MANTINE_CLASSES],
  );
}

describe('public pages load no organiser code', () => {
  test('/register, /event-list, /event-display and /event-qr fetch none of the organiser screens', async () => {
    const { page, server, errors } = await harness.open({ viewport: PHONE });
    const { event } = await organiserEvent(server);
    const pages = [
      [`/register/${event.id}`, page.getByRole('button', { name: M.attendees.joinButton })],
      [`/event-list/${event.id}`, page.getByPlaceholder(M.attendees.search)],
      [`/event-display/${event.id}`, page.getByText(M.events.scanToJoin).first()],
      [`/event-qr/${event.id}`, page.getByText(M.events.scanToJoin).first()],
    ] as const;
    for (const [url, ready] of pages) {
      // A fresh document each time, so each page fetches what it needs itself (left before listening: a
      // chunk the previous page was still fetching, such as its WebSocket client, is not this page's).
      await page.goto('about:blank');
      const files = await downloads(page, async () => {
        await page.goto(url);
        await visible(ready);
      });
      expect(files.filter((f) => f.type === 'script').length, url).toBeGreaterThan(0);
      for (const f of files) {
        for (const marker of ORGANISER_MARKERS) expect(f.text.includes(marker), `${url} loaded ${f.url}`).toBe(false);
        if (f.type === 'stylesheet') {
          const found = ORGANISER_CLASSES.filter((c) => f.text.includes(`.${c}`));
          expect(found, `${url} loaded ${f.url}`).toEqual([]);
        }
      }
    }
    expect(errors).toEqual([]);
  });

  test('the organiser dashboard does load them (the markers are really in the build)', async () => {
    const { page, context, server } = await harness.open({ viewport: DESKTOP });
    const { api } = await organiserEvent(server);
    await context.addCookies(browserCookies(server, api));
    const files = await downloads(page, async () => {
      await page.goto('/');
      await visible(page.getByRole('main').getByRole('link', { name: 'Create Event' }));
    });
    const scripts = files.filter((f) => f.type === 'script').map((f) => f.text);
    expect(scripts.some((t) => t.includes('All the rooms you have hosted'))).toBe(true);
    expect(scripts.some((t) => t.includes('Platform Navigation'))).toBe(true);
    expect(await unstyledClasses(page)).toEqual([]);
    api.close();
  });
});

describe('/register downloads only the text groups it can show (bench B6)', () => {
  test('none of the sign-in, password, membership, admin, revenue, door, download, LinkedIn, payment or time zone texts', async () => {
    const { page, server, errors } = await harness.open({ viewport: PHONE });
    const { event } = await organiserEvent(server);
    // one text of each group the join page never shows (shared/messages/groups.ts), as written in the code
    const markers = [
      M.auth.invalidCredentials,
      M.password.avoidCommon,
      M.verify.signupFailed,
      M.membership.paymentSessionFailed,
      M.admin.noRevenue,
      M.revenue.source,
      M.door.queueFull,
      M.downloads.joinToDownload,
      M.linkedin.callbackNoOpener,
      M.payments.providerFailed,
      M.timeZone.nothingFound,
    ];
    const files = await downloads(page, async () => {
      await page.goto(`/register/${event.id}`);
      await visible(page.getByRole('button', { name: M.attendees.joinButton }));
    });
    const scripts = files.filter((f) => f.type === 'script');
    expect(scripts.length).toBeGreaterThan(0);
    const having = (text: string) => scripts.filter((f) => f.text.includes(text)).map((f) => f.url);
    for (const marker of markers) expect(having(marker), marker).toEqual([]);
    // the groups it shows are there (the check above would pass on texts the build no longer writes as is)
    expect(having(M.attendees.joinFailedBody)).not.toEqual([]);
    expect(having(M.common.network)).not.toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe("the join form's data-use dialog comes when asked for (bench B6)", () => {
  test('/register fetches none of its texts until "How your data is used in this room" is pressed', async () => {
    const { page, server, errors } = await harness.open({ viewport: PHONE });
    const { event } = await organiserEvent(server);
    const marker = 'every entry, photo, pin and connection'; // shared/messages/data-use.ts
    const first = await downloads(page, async () => {
      await page.goto(`/register/${event.id}`);
      await visible(page.getByRole('button', { name: M.attendees.joinButton }));
    });
    expect(first.filter((f) => f.text.includes(marker)).map((f) => f.url)).toEqual([]);
    const later = await downloads(page, async () => {
      await page.getByRole('button', { name: M.privacy.howUsed }).click();
      await visible(page.getByRole('dialog', { name: M.privacy.howUsed }));
    });
    expect(later.some((f) => f.text.includes(marker))).toBe(true);
    expect(errors).toEqual([]);
  });
});

describe('the join form is usable before its validation arrives (issue 8 B6)', () => {
  test('/register fetches no zod until the form is touched, then checks fields with the shared schema', async () => {
    const { page, server, errors } = await harness.open({ viewport: PHONE });
    const { event } = await organiserEvent(server);
    const first = await downloads(page, async () => {
      await page.goto(`/register/${event.id}`);
      await visible(page.getByRole('button', { name: M.attendees.joinButton }));
    });
    const zod = (files: { url: string; text: string }[]) => files.filter((f) => f.text.includes('ZodError'));
    expect(first.filter((f) => f.type === 'script').length).toBeGreaterThan(0);
    expect(zod(first).map((f) => f.url)).toEqual([]);

    // Touching the form brings the schemas (with zod); a field left invalid shows the schema's message.
    const later = await downloads(page, async () => {
      await page.getByRole('textbox', { name: 'First name', exact: true }).fill('x<>');
      await page.getByRole('textbox', { name: 'Email', exact: true }).fill('not-an-address');
      await page.getByRole('textbox', { name: 'Phone', exact: true }).click();
      await visible(page.getByText(M.attendees.invalidEmail));
    });
    expect(zod(later).length).toBeGreaterThan(0);
    await visible(page.getByText(M.attendees.firstNameInvalid));
    expect(errors).toEqual([]);
  });
});

// Text in tRPC's WebSocket client (its message for a binary frame), kept in the built code.
const WS_CLIENT_MARKER = 'jsonEncoder received binary data';

describe('the WebSocket client loads with the first subscription (issue 8 B6)', () => {
  test('/register fetches none of its code and opens no socket; the attendee list loads it and updates live', async () => {
    const { page, server, errors } = await harness.open({ viewport: PHONE });
    const { event } = await organiserEvent(server);
    const sockets: string[] = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));
    const register = await downloads(page, async () => {
      await page.goto(`/register/${event.id}`);
      await visible(page.getByRole('button', { name: M.attendees.joinButton }));
    });
    expect(register.filter((f) => f.type === 'script').length).toBeGreaterThan(0);
    expect(register.filter((f) => f.text.includes(WS_CLIENT_MARKER)).map((f) => f.url)).toEqual([]);
    expect(sockets).toEqual([]);

    // The list subscribes: the client's code arrives then, and a join made elsewhere shows up live.
    const list = await downloads(page, async () => {
      await page.goto(`/event-list/${event.id}`);
      await visible(page.getByPlaceholder(M.attendees.search));
      await expect.poll(() => sockets.length).toBeGreaterThan(0);
    });
    expect(list.some((f) => f.text.includes(WS_CLIENT_MARKER))).toBe(true);
    await apiJoin(server, event.id, { first_name: 'Ada', last_name: 'Lovelace', headline: 'Engines' });
    await visible(page.getByText('Ada Lovelace').first());
    expect(errors).toEqual([]);
  });
});

describe("public pages: Mantine's variables from the provider, toast styles with the toasts (issue 8 B6)", () => {
  // Mantine's default-css-variables.css: every variable of :root and of the light scheme.
  const defaults = css('@mantine/core/styles/default-css-variables.css');
  const variables = [
    ...new Set(
      defaults
        .split('}')
        .filter((block) => !block.includes("'dark'"))
        .flatMap((block) => [...block.matchAll(/(--mantine-[\w-]+)\s*:/g)].map((m) => m[1])),
    ),
  ];

  test('/register downloads neither stylesheet, and every default variable is defined on the page', async () => {
    const { page, server } = await harness.open({ viewport: PHONE });
    const { event } = await organiserEvent(server);
    const files = await downloads(page, async () => {
      await page.goto(`/register/${event.id}`);
      await visible(page.getByRole('button', { name: M.attendees.joinButton }));
    });
    // the public stylesheet comes inside the served page (issue 8 B7: server/http/inline-styles.ts)
    const served = await (await page.request.get(`/register/${event.id}`)).text();
    const inline = [...served.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => ({ url: 'inline', text: m[1] }));
    const styles = [...files.filter((f) => f.type === 'stylesheet'), ...inline];
    expect(styles.length).toBeGreaterThan(0);
    const notification = [...classesOf(css('@mantine/core/styles/Notification.css'))];
    for (const f of styles) {
      expect(f.text.includes('--mantine-z-index-app:'), `${f.url} carries default-css-variables.css`).toBe(false);
      expect(
        notification.filter((c) => f.text.includes(`.${c}`)),
        `${f.url} carries the toasts' styles`,
      ).toEqual([]);
    }
    expect(variables.length).toBeGreaterThan(300);
    const missing = await page.evaluate((names) => {
      const root = getComputedStyle(document.documentElement);
      return names.filter((n) => root.getPropertyValue(n).trim() === '');
    }, variables);
    expect(missing).toEqual([]);
  });
});

describe('public pages load the Mantine styles they render', () => {
  test('every Mantine class on the join form, the list (with its Info dialog), the display and the QR page is styled', async () => {
    const { page, server } = await harness.open({ viewport: PHONE });
    const { event } = await organiserEvent(server);
    await apiJoin(server, event.id, { first_name: 'Grace', last_name: 'Hopper', headline: 'Compilers' });

    await page.goto(`/register/${event.id}`);
    await visible(page.getByRole('button', { name: M.attendees.joinButton }));
    expect(await unstyledClasses(page)).toEqual([]);
    // the form's "How your data is used in this room", loaded when first opened
    await page.getByRole('button', { name: M.privacy.howUsed }).click();
    await visible(page.getByRole('dialog', { name: M.privacy.howUsed }));
    expect(await unstyledClasses(page)).toEqual([]);

    await page.goto(`/event-list/${event.id}`);
    await visible(page.getByText('Grace Hopper').first());
    expect(await unstyledClasses(page)).toEqual([]);
    await page.getByRole('button', { name: 'Info' }).first().click();
    await visible(page.getByRole('dialog'));
    expect(await unstyledClasses(page)).toEqual([]);

    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto(`/event-display/${event.id}`);
    await visible(page.getByText('Grace').first());
    expect(await unstyledClasses(page)).toEqual([]);

    await page.goto(`/event-qr/${event.id}`);
    await visible(page.getByText(M.events.scanToJoin).first());
    expect(await unstyledClasses(page)).toEqual([]);
  });
});
