import { describe, expect, test } from 'vitest';
import { browserHarness, DESKTOP, PHONE, path, snap, visible } from '../helpers/browser';
import { signInBrowser } from '../helpers/events-browser';

// The legal pages (/terms, /privacy): public, saying what the app keeps and for how long; "Back" returns to
// the page that linked there (the start page when one was opened on its own).

const harness = browserHarness();

describe('terms and privacy', () => {
  test('open to anyone: what is kept, who sees it and when it goes', async () => {
    const { page, errors } = await harness.open({ viewport: PHONE });
    await page.goto('/privacy');
    await visible(page.getByRole('heading', { level: 1, name: 'Privacy Policy' }));
    await visible(page.getByRole('heading', { level: 2, name: 'When it goes' }));
    await visible(page.getByText(/deleted automatically two working days after the event ends/));
    expect(await page.getByText(/before launch/).count()).toBe(0);
    await snap(page, 'legal-privacy-phone');
    expect(errors).toEqual([]);
  });

  test('from the account page, Back returns to it', async () => {
    const { server, context, page, errors } = await harness.open({ viewport: DESKTOP });
    await signInBrowser(server, context, 'legal@example.com');
    await page.goto('/account');
    await page.getByRole('link', { name: 'Terms of Service' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Terms of Service' }));
    await visible(page.getByText(/shared equally between the organiser and the platform/));
    await snap(page, 'legal-terms-desktop');
    await page.getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => path(page)).toBe('/account');
    expect(errors).toEqual([]);
  });
});
