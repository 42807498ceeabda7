import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, visible, watchPageErrors } from '../helpers/browser';
import { startTestServer, type TestServer } from '../helpers/server';

let browser: Browser;
let server: TestServer;
beforeAll(async () => {
  browser = await launchBrowser();
  server = await startTestServer({ env: { APP_NAME: 'Acme Rooms' } });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('APP_NAME in the browser (issue 6.10)', () => {
  test('page titles and the shell show the configured name, with no inline script', async () => {
    const context = await browser.newContext({ baseURL: server.url });
    try {
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      await page.goto('/auth');
      await expect.poll(() => page.title()).toBe('Sign Up · Acme Rooms');
      await visible(page.getByText('Acme Rooms', { exact: true }).first());
      expect(await page.getByText('Roomlist').count()).toBe(0);
      await page.goto('/no/such/page');
      await expect.poll(() => page.title()).toBe('Page not found · Acme Rooms');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
