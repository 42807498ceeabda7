import fs from 'node:fs';
import { join, resolve } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { CHROMIUM } from './chromium-path';
import { startTestServer, type TestServer } from './server';

export { CHROMIUM };

/** How long a browser action or expectation may wait: a cap for a failure, generous for a busy machine. */
export const BROWSER_WAIT_MS = 20_000;
export const ARTIFACTS = resolve(import.meta.dirname, '../.artifacts');

/** Debian's Chromium, headless, with the flags this closed network needs. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-quic',
      '--no-first-run',
      '--disable-sync',
    ],
  });
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1440, height: 900 };
type Viewport = { width: number; height: number };

/** Saves a screenshot under tests/.artifacts (git-ignored) so people can look at each screen. */
export async function snap(page: Page, name: string) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** Fails the test on any uncaught page error or CSP violation reported to the console. */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text())) errors.push(`csp: ${m.text()}`);
  });
  return errors;
}

// playwright-core has no web-first assertions: wait for the state, then assert.
export const visible = (l: Locator) => l.waitFor({ state: 'visible' });
export const hidden = (l: Locator) => l.waitFor({ state: 'hidden' });
export const path = (page: Page): string => new URL(page.url()).pathname;
export const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });
export const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

/**
 * Waits for the page's transitions (a section sliding open, a dialog or a toast coming in) to end. A
 * Collapse that is still opening clips its content and may be scrolled inside to show a field; when it
 * ends it drops the clip and the content jumps back, so a click in that moment can land between press
 * and release on different elements and do nothing. A person clicks what has stopped moving.
 */
export const settled = (page: Page) =>
  page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
  );

/**
 * Moves a paused page clock (`page.clock.pauseAt`) on by `ms` in steps of 100 ms, letting the page render
 * after each (a message-channel round trip queues behind React's own): a transition that a render starts
 * runs on the moved clock too, however busy the machine.
 */
export async function runClock(page: Page, ms: number, stepMs = 100) {
  for (let t = 0; t < ms; t += stepMs) {
    await page.clock.runFor(stepMs);
    await page.evaluate(
      () =>
        new Promise((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve(null);
          channel.port2.postMessage(0);
        }),
    );
  }
}

/**
 * One browser per test file; each `open()` starts a fresh server (the sign-in and sign-up limits count
 * per IP, and every browser here comes from 127.0.0.1) and a browser context on it, both closed after
 * the test. Call once at the top of a test file: it registers the vitest hooks.
 */
export function browserHarness() {
  let browser: Browser;
  let server: TestServer | undefined;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    await context?.close();
    await server?.stop();
    context = undefined;
    server = undefined;
  });

  return {
    async open({
      viewport = DESKTOP,
      acceptDownloads,
      javaScriptEnabled,
    }: {
      viewport?: Viewport;
      acceptDownloads?: boolean;
      javaScriptEnabled?: boolean;
    } = {}) {
      const s = await startTestServer();
      server = s;
      const c = await browser.newContext({ baseURL: s.url, viewport, acceptDownloads, javaScriptEnabled });
      context = c;
      c.setDefaultTimeout(BROWSER_WAIT_MS);
      const page = await c.newPage();
      return { server: s, context: c, page, errors: watchPageErrors(page) };
    },
  };
}

/** A second, unrelated browser (its own storage) on the same server as `context`; closed by the caller. */
export async function anotherBrowser(context: BrowserContext, baseURL: string, viewport: Viewport = PHONE) {
  const browser = context.browser();
  if (!browser) throw new Error('no browser');
  const c = await browser.newContext({ baseURL, viewport });
  c.setDefaultTimeout(BROWSER_WAIT_MS);
  const page = await c.newPage();
  return { context: c, page, errors: watchPageErrors(page) };
}
