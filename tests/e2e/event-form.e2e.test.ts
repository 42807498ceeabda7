import { describe, expect, test } from 'vitest';
import { M } from '#shared/messages';
import { browserHarness, field, settled, snap, toast, visible } from '../helpers/browser';
import { chooseTime, openSection, pickDayNextMonth, signInBrowser } from '../helpers/events-browser';
import { noisePng } from '../helpers/images';

// The PRO parts of the event form (spec §5): sponsor logo, URL and UTM link; download price and formats.

const harness = browserHarness();

describe('event form PRO sections in the browser', () => {
  test('sponsor branding and paid downloads: logo checks and upload, URL, UTM link, price', async () => {
    const { server, context, page, errors } = await harness.open();
    await signInBrowser(server, context, 'sponsor@example.com');
    await page.goto('/create-event');
    await field(page, 'Event name').fill('Sponsored Night');
    await field(page, 'Venue').fill('Corn Exchange');
    await field(page, 'City').fill('Leeds');
    await pickDayNextMonth(page, 10);
    await chooseTime(page, 'Start time', '09:00');
    await chooseTime(page, 'End time', '17:30');

    await openSection(page, 'Sponsor branding');
    await visible(page.getByText('shown only when both a logo and a website are set'));

    const pick = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: /(Upload|Replace) logo/ }).click();
      await (await chooser).setFiles(file);
    };
    await pick({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await visible(toast(page, M.eventForm.invalidFileTypeTitle).filter({ hasText: M.eventForm.invalidFileTypeBody }));
    // Above 500 KB: shrunk in the browser to at most 400x200 before the upload.
    const big = await noisePng(900, 600);
    expect(big.length).toBeGreaterThan(500 * 1024);
    await pick({ name: 'logo.png', mimeType: 'image/png', buffer: big });
    await visible(toast(page, M.success.imageOptimized));
    await visible(toast(page, M.success.logoUploaded));
    const preview = page.getByRole('img', { name: 'Sponsor logo preview' });
    await visible(preview);
    expect(await preview.getAttribute('src')).toMatch(/^\/uploads\/[a-f0-9]{64}\.png$/);
    expect(await preview.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([
      300, 200,
    ]);

    const url = field(page, 'Sponsor website');
    await url.fill('not a url');
    await url.blur();
    await visible(page.getByText(M.eventForm.invalidUrl('example.com', 'https://example.com')));
    await url.fill(' acme.example .com ');
    await url.blur();
    expect(await url.inputValue()).toBe('https://acme.example.com');
    await field(page, 'Source').fill('roomlist');
    await page.getByRole('button', { name: 'Advanced' }).click();
    await settled(page);
    await field(page, 'Term').fill('networking');
    await visible(
      page.getByRole('link', { name: 'https://acme.example.com/?utm_source=roomlist&utm_term=networking' }),
    );
    await visible(page.getByText('Sponsor branding is active'));

    await openSection(page, 'Download options');
    await visible(page.getByText(M.eventForm.free, { exact: true }));
    // issue 9: PDF is offered (a printable attendee sheet), no longer "Coming Soon"
    expect(await page.getByRole('checkbox', { name: /^PDF/ }).isDisabled()).toBe(false);
    await page.getByRole('checkbox', { name: 'CSV (spreadsheet)' }).uncheck();
    await page.getByRole('button', { name: 'Create Event' }).click();
    await visible(toast(page, M.eventForm.validationErrorTitle).filter({ hasText: M.eventForm.formatRequired }));
    await page.getByRole('checkbox', { name: 'CSV (spreadsheet)' }).check();
    await field(page, 'Price per download').fill('2.5');
    await field(page, 'Price per download').blur();
    expect(await field(page, 'Price per download').inputValue()).toBe('£2.50');
    await snap(page, 'e2e-events-form-pro');

    await page.getByRole('button', { name: 'Create Event' }).click();
    await visible(toast(page, M.success.eventCreated));
    await visible(page.getByRole('heading', { name: 'Sponsored Night', exact: true }));
    const saved = (await server.deps.db.selectFrom('events').selectAll().executeTakeFirstOrThrow()) as Record<
      string,
      unknown
    >;
    expect(saved).toMatchObject({
      sponsor_enabled: 1,
      sponsor_link_url: 'https://acme.example.com',
      sponsor_utm_source: 'roomlist',
      sponsor_utm_term: 'networking',
      sponsor_utm_medium: null,
      sponsor_text: 'This event is sponsored by: ',
      download_enabled: 1,
      download_price: 250,
      download_formats: '["csv"]',
    });
    await visible(page.getByText('Active', { exact: true }));
    await visible(page.getByText('£2.50', { exact: true }));

    // on the attendee list the sponsor's line follows the event's name
    await page.goto(`/event-list/${saved.id}`);
    const banner = page.getByTestId('sponsor-banner');
    await visible(banner);
    const title = await page.getByRole('heading', { name: 'Sponsored Night', exact: true }).boundingBox();
    expect((await banner.boundingBox())?.y ?? 0).toBeGreaterThan((title?.y ?? 0) + (title?.height ?? 0));
    expect(errors).toEqual([]);
  }, 60_000);
});
