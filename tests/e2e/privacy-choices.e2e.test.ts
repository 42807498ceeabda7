import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { formatLongDate } from '#shared/dates';
import { M } from '#shared/messages';
import { organiserEvent, photoJpeg } from '../helpers/attendees-browser';
import {
  ARTIFACTS,
  browserHarness,
  DESKTOP,
  field,
  hidden,
  PHONE,
  path,
  snap,
  toast,
  visible,
} from '../helpers/browser';

// The join and edit forms' choices (docs/privacy.md): who sees my e-mail and phone, the venue screen, and
// contacts in the organiser's download (only where there is one); the line above them on who sees what and
// when it is deleted, and the "How your data is used in this room" dialog. Screens at 390x844 and 1440x900
// in tests/.artifacts/e2e-privacy-*.png.

const harness = browserHarness();

const radio = (page: Page, name: string) => page.getByRole('radio', { name, exact: true });
const checkbox = (page: Page, name: string) => page.getByRole('checkbox', { name, exact: true });

/** The page at both sizes; a dialog (fixed to the screen) as the screen shows it, not the whole page. */
async function both(page: Page, name: string, screenOnly = false) {
  for (const [size, viewport] of [
    ['390', PHONE],
    ['1440', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    if (screenOnly) await page.screenshot({ path: join(ARTIFACTS, `${name}-${size}.png`) });
    else await snap(page, `${name}-${size}`);
  }
  await page.setViewportSize(PHONE);
}

const stored = (server: Awaited<ReturnType<typeof harness.open>>['server'], eventId: string) =>
  server.deps.db
    .selectFrom('event_registrations')
    .select(['first_name', 'email', 'contact_visibility', 'show_on_display', 'share_in_download'])
    .where('event_id', '=', eventId)
    .executeTakeFirstOrThrow();

describe('the choices on the join and edit forms', () => {
  test('join with the defaults changed, read the dialog, then edit them: stored as chosen each time', async () => {
    const { server, page, errors } = await harness.open({ viewport: PHONE });
    const { event } = await organiserEvent(server, { download_enabled: true, email_required: true });
    await page.goto(`/register/${event.id}`);
    const join = page.getByRole('button', { name: M.attendees.joinButton });
    await visible(join);

    // the defaults: contacts to connections only, on the venue screen, out of the download
    const choices = page.getByRole('group', { name: M.choices.heading });
    await visible(choices);
    expect(await radio(page, M.privacy.visibility.connections).isChecked()).toBe(true);
    expect(await radio(page, M.privacy.visibility.room).isChecked()).toBe(false);
    expect(await radio(page, M.privacy.visibility.organiser).isChecked()).toBe(false);
    expect(await checkbox(page, M.privacy.showOnDisplay).isChecked()).toBe(true);
    expect(await checkbox(page, M.privacy.shareInDownload).isChecked()).toBe(false);
    // the one line: who sees what, and the day everything is deleted
    const deletesOn = formatLongDate(event.scheduled_deletion_date ?? '');
    await visible(choices.getByText(M.choices.notice(deletesOn)));

    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await photoJpeg() });
    await visible(toast(page, M.success.photoUploaded));
    await field(page, 'First name').fill('Mary');
    await field(page, 'Last name').fill('Jackson');
    await field(page, 'Email').fill('mary@example.com');
    await field(page, 'Phone').fill('+44 7700 900123');
    await field(page, 'Headline').fill('Aerospace engineer');
    await toast(page, M.success.photoUploaded).getByRole('button').click(); // not in the screenshots
    await hidden(toast(page, M.success.photoUploaded));
    await both(page, 'e2e-privacy-join');

    // the dialog: loaded when asked for, closed by Escape, and the focus back on the link
    const how = page.getByRole('button', { name: M.privacy.howUsed });
    await how.click();
    const dialog = page.getByRole('dialog', { name: M.privacy.howUsed });
    await visible(dialog);
    await visible(dialog.getByText(`On ${deletesOn}, two working days after the event ends`, { exact: false }));
    await visible(dialog.getByText(M.privacy.removeMe, { exact: false }));
    await both(page, 'e2e-privacy-dialog', true);
    await page.keyboard.press('Escape');
    await hidden(dialog);
    expect(await how.evaluate((el) => el === document.activeElement)).toBe(true);
    // and by its close button
    await how.click();
    await visible(dialog);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await hidden(dialog);

    // the choices by keyboard and pointer
    await radio(page, M.privacy.visibility.connections).focus();
    await page.keyboard.press('ArrowDown');
    expect(await radio(page, M.privacy.visibility.room).isChecked()).toBe(true);
    await checkbox(page, M.privacy.showOnDisplay).click();
    await page.getByText(M.privacy.shareInDownload).click(); // the label ticks it too
    expect(await checkbox(page, M.privacy.showOnDisplay).isChecked()).toBe(false);
    expect(await checkbox(page, M.privacy.shareInDownload).isChecked()).toBe(true);
    await join.click();
    await visible(toast(page, M.success.joined));
    await expect.poll(() => path(page)).toBe(`/event-list/${event.id}`);
    expect(await stored(server, event.id)).toEqual({
      first_name: 'Mary',
      email: 'mary@example.com',
      contact_visibility: 'room',
      show_on_display: 0,
      share_in_download: 1,
    });

    // the edit form: prefilled with the entry's choices, saved with the new ones
    await page.goto(`/edit-registration/${event.id}`);
    await visible(page.getByRole('heading', { name: M.attendees.editTitle }));
    await visible(radio(page, M.privacy.visibility.room));
    expect(await radio(page, M.privacy.visibility.room).isChecked()).toBe(true);
    expect(await checkbox(page, M.privacy.showOnDisplay).isChecked()).toBe(false);
    expect(await checkbox(page, M.privacy.shareInDownload).isChecked()).toBe(true);
    await both(page, 'e2e-privacy-edit');
    await radio(page, M.privacy.visibility.organiser).click();
    await checkbox(page, M.privacy.showOnDisplay).click();
    await checkbox(page, M.privacy.shareInDownload).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await visible(toast(page, M.success.infoUpdated));
    await expect
      .poll(() => stored(server, event.id))
      .toMatchObject({
        contact_visibility: 'organiser',
        show_on_display: 1,
        share_in_download: 0,
      });
    expect(errors).toEqual([]);
  });

  test('an event without downloads does not ask about them; a dialog that cannot load leaves the form; the join keeps contacts out of any file', async () => {
    const { server, page, errors } = await harness.open({ viewport: PHONE });
    const { event } = await organiserEvent(server);
    await page.goto(`/register/${event.id}`);
    await visible(page.getByRole('button', { name: M.attendees.joinButton }));
    await visible(checkbox(page, M.privacy.showOnDisplay));
    expect(await checkbox(page, M.privacy.shareInDownload).count()).toBe(0);

    // the dialog's code cannot be fetched (venue Wi-Fi): a toast, never the error screen; the form stays
    await page.route('**/assets/data-use-dialog-*.js', (route) => route.abort());
    await page.getByRole('button', { name: M.privacy.howUsed }).click();
    await visible(toast(page, M.common.network));
    expect(await page.getByRole('dialog').count()).toBe(0);

    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await photoJpeg() });
    await visible(toast(page, M.success.photoUploaded));
    await field(page, 'First name').fill('Dorothy');
    await field(page, 'Last name').fill('Vaughan');
    await page.getByRole('button', { name: M.attendees.joinButton }).click();
    await visible(toast(page, M.success.joined));
    await expect.poll(() => path(page)).toBe(`/event-list/${event.id}`);
    expect(await stored(server, event.id)).toMatchObject({
      contact_visibility: 'connections',
      show_on_display: 1,
      share_in_download: 0,
    });
    expect(errors).toEqual([]);
  });
});
