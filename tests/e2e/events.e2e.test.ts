import fs from 'node:fs';
import dayjs from 'dayjs';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, test } from 'vitest';
import { formatDetailDate } from '#shared/dates';
import { M } from '#shared/messages';
import { browserHarness, DESKTOP, field, hidden, PHONE, path, snap, toast, visible } from '../helpers/browser';
import { chooseTime, pickDayNextMonth, signedInClient, signInBrowser } from '../helpers/events-browser';

const UUID = /^\/event\/([0-9a-f-]{36})$/;

const harness = browserHarness();

/** A fresh server, and a browser signed in as a new account (the first account on a server is admin). */
async function open(email: string, viewport = DESKTOP) {
  const { server, context, page, errors } = await harness.open({ viewport, acceptDownloads: true });
  const api = await signInBrowser(server, context, email);
  return { server, page, errors, api };
}

/** The QR code in a PNG file, decoded. */
function decodeQr(file: string): string | undefined {
  const png = PNG.sync.read(fs.readFileSync(file));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

describe('events in the browser', () => {
  test('create through the form, see it listed, download its QR code, edit it, delete it', async () => {
    const { server, page, errors } = await open('organiser@example.com');

    await page.goto('/create-event');
    await expect.poll(() => page.title()).toBe('Create Event · Roomlist');
    await page.getByRole('button', { name: 'Create Event' }).click();
    await visible(toast(page, M.eventForm.validationErrorTitle).filter({ hasText: M.eventForm.nameInvalid }));
    await visible(page.getByText(M.eventForm.dateRequired).first());

    await field(page, 'Event name').fill('Summer Meetup');
    await visible(page.getByText('13/50'));
    await field(page, 'Venue').fill('The Old Library');
    await field(page, 'City').fill('Leeds');

    const day = await pickDayNextMonth(page, 15);

    expect(await page.getByRole('combobox', { name: 'End time' }).isDisabled()).toBe(true);
    await chooseTime(page, 'Start time', '18:00');
    await chooseTime(page, 'End time', '21:00');
    // Moving the start past the end clears the end (spec §4).
    await chooseTime(page, 'Start time', '22:00');
    await visible(toast(page, M.eventForm.invalidTimeTitle).filter({ hasText: M.eventForm.invalidTimeBody }));
    expect(await page.getByRole('combobox', { name: 'End time' }).inputValue()).toBe('');
    await chooseTime(page, 'Start time', '18:00');
    await chooseTime(page, 'End time', '21:00');
    await snap(page, 'e2e-events-form-filled');

    await page.getByRole('button', { name: 'Create Event' }).click();
    await visible(toast(page, M.success.eventCreated));
    await expect.poll(() => path(page)).toMatch(UUID);
    const id = UUID.exec(path(page))?.[1] as string;
    await visible(page.getByRole('heading', { name: 'Summer Meetup', exact: true }));
    // the new event opens at its top (title and actions in view), not at the form's scroll
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect.poll(() => page.title()).toBe('Summer Meetup · Roomlist');
    await visible(page.getByText(formatDetailDate(day.format('YYYY-MM-DD'))));
    await visible(page.getByText('18:00 - 21:00'));

    // The QR code carries the registration URL of the origin in use; a loopback origin is flagged.
    const registration = `${server.url}/register/${id}`;
    expect(await page.getByTestId('registration-url').textContent()).toBe(registration);
    await visible(page.getByText('which phones cannot reach'));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: M.events.downloadQr }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('summer-meetup-qr-code.png');
    expect(download.suggestedFilename().endsWith('qr-code.png')).toBe(true);
    expect(decodeQr(await download.path())).toBe(registration);
    for (const to of [`/register/${id}`, `/event-list/${id}`, `/event-display/${id}`, `/event-qr/${id}`]) {
      const link = page.locator(`a[href="${to}"]`).first();
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toContain('noopener');
    }
    await snap(page, 'e2e-events-detail');

    await page.getByRole('link', { name: 'Back to Events', exact: true }).click();
    await visible(page.getByRole('heading', { name: 'Events', exact: true }));
    const row = page.getByRole('row').filter({ hasText: 'Summer Meetup' });
    await visible(row);
    expect(await row.textContent()).toContain('The Old Library');
    await visible(page.getByText(M.events.noPast));

    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await visible(page.getByRole('link', { name: 'Open Summer Meetup' }));
    await visible(page.getByRole('link', { name: `${M.events.totalEvents}: 1` }));
    await visible(page.getByRole('link', { name: `${M.events.upcomingEvents}: 1` }));
    await page.getByRole('link', { name: 'Open Summer Meetup' }).click();
    await expect.poll(() => path(page)).toBe(`/event/${id}`);

    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await expect.poll(() => page.title()).toBe(`${M.eventForm.titleEditNamed('Summer Meetup')} · Roomlist`);
    await field(page, 'Event name').fill('Summer Meetup Reloaded');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await visible(toast(page, M.success.eventUpdated));
    await expect.poll(() => path(page)).toBe(`/event/${id}`);
    await visible(page.getByRole('heading', { name: 'Summer Meetup Reloaded', exact: true }));

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByText('Summer Meetup Reloaded'));
    await dialog.getByRole('button', { name: 'Delete Event' }).click();
    await visible(toast(page, M.success.eventDeleted));
    await expect.poll(() => path(page)).toBe('/events');
    await visible(page.getByText(M.events.noneFound));
    expect(await page.getByText('Summer Meetup').count()).toBe(0);
    expect(errors).toEqual([]);
  }, 60_000);

  test("an event that is not there (or another organiser's) is said once, on the page", async () => {
    const { page, errors } = await open('lost@example.com');
    await page.goto('/event/00000000-0000-4000-8000-000000000000');
    await visible(page.getByRole('alert').filter({ hasText: M.events.notFoundOrDenied }));
    await visible(page.getByRole('link', { name: 'Back to Events', exact: true }));
    expect(await toast(page, M.events.loadErrorTitle).count()).toBe(0);
    expect(await page.getByText(M.events.loadErrorTitle).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  test('a member without a plan sees the membership gate instead of the form', async () => {
    const { server, context, page, errors } = await harness.open({ viewport: PHONE });
    await signedInClient(server, 'admin@example.com'); // the first account is the admin, who may always create
    const api = await signInBrowser(server, context, 'newcomer@example.com');
    expect(await api.trpc.membership.check.query()).toEqual({ type: 'none', isActive: false, canCreateEvents: false });

    await page.goto('/create-event');
    await visible(page.getByRole('heading', { name: M.membership.gate.noneTitle }));
    await hidden(page.getByRole('textbox', { name: 'Event name' }));
    expect(await page.getByRole('link', { name: M.membership.gate.viewPlans }).getAttribute('href')).toBe(
      '/membership',
    );
    expect(await page.getByRole('link', { name: M.membership.gate.backToEvents }).getAttribute('href')).toBe('/events');
    await snap(page, 'e2e-events-gate');
    expect(errors).toEqual([]);
  });

  test('phone: upcoming cards, ten to a page, and a card opens its event', async () => {
    const { page, errors, api } = await open('pager@example.com', PHONE);
    const first = dayjs().add(2, 'day');
    for (let i = 0; i < 12; i++) {
      await api.trpc.events.create.mutate({
        name: `Tech Night ${String(i + 1).padStart(2, '0')}`,
        venue: 'Corn Exchange',
        city: 'Leeds',
        event_date: first.add(i, 'day').format('YYYY-MM-DD'),
        start_time: '18:00',
        end_time: '20:00',
      });
    }

    await page.goto('/events');
    await expect.poll(() => page.title()).toBe('Events · Roomlist');
    const upcoming = page.getByRole('region', { name: 'Upcoming Events' });
    await visible(upcoming.getByText(M.events.showing(1, 10, 12)));
    expect(await upcoming.getByRole('link', { name: /^Open Tech Night/ }).count()).toBe(10);
    await visible(upcoming.getByText(M.events.badge.activeData).first());
    await upcoming.getByRole('button', { name: 'Page 2' }).click();
    await visible(upcoming.getByText(M.events.showing(11, 12, 12)));
    await upcoming.getByRole('link', { name: 'Open Tech Night 12' }).click();
    await visible(page.getByRole('heading', { name: 'Tech Night 12', exact: true }));
    await page.goBack();
    await visible(upcoming.getByText(M.events.showing(11, 12, 12)));
    expect(errors).toEqual([]);
  });
});
