import { describe, expect, test } from 'vitest';
import { M } from '#shared/messages';
import { organiserEvent, photoJpeg } from '../helpers/attendees-browser';
import { browserHarness, DESKTOP, field, PHONE, runClock, toast, visible } from '../helpers/browser';
import { chooseTime, pickDayNextMonth, signInBrowser } from '../helpers/events-browser';

// A form's error toast stands only while the form is wrong: it goes once every field is put right. The
// page's timers run on a clock the test moves (runClock), so a toast that closes by itself after a few
// seconds cannot pass for one the form closed, however busy the machine.

const harness = browserHarness();

describe('form error toasts', () => {
  test('the Validation Error toast stays while the form is wrong and goes once it is put right', async () => {
    const { server, context, page, errors } = await harness.open({ viewport: DESKTOP });
    await signInBrowser(server, context, 'fixer@example.com');
    // the page's timers on a clock the test moves: a toast that closes by itself after a few seconds
    // cannot pass for one the form closed
    await page.clock.install();
    await page.goto('/create-event');
    await field(page, 'Venue').fill('The Old Library');
    await field(page, 'City').fill('Leeds');
    await pickDayNextMonth(page, 15);
    await chooseTime(page, 'Start time', '18:00');
    await chooseTime(page, 'End time', '21:00');

    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
    await page.getByRole('button', { name: 'Create Event' }).click();
    const invalid = toast(page, M.eventForm.validationErrorTitle).filter({ hasText: M.eventForm.nameInvalid });
    await runClock(page, 500); // its entry transition
    await visible(invalid);
    await runClock(page, 10_000, 1_000); // longer than any toast shows by itself
    await visible(invalid);

    await field(page, 'Event name').fill('Summer Meetup');
    await runClock(page, 1_000); // its exit transition
    expect(await toast(page, M.eventForm.validationErrorTitle).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  test('the join form: the Validation Error toast replaces the photo toast and goes once the form is put right', async () => {
    const { server, page, errors } = await harness.open({ viewport: PHONE });
    const { event } = await organiserEvent(server, { email_required: true });
    // the page's timers on a clock the test moves: a toast closing by itself cannot pass for one the form closed
    await page.clock.install();
    await page.goto(`/register/${event.id}`);
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await photoJpeg() });
    await visible(toast(page, M.success.photoUploaded));

    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
    await page.getByRole('button', { name: M.attendees.joinButton }).click();
    await runClock(page, 500); // the toasts' transitions
    await visible(toast(page, M.eventForm.validationErrorTitle).filter({ hasText: M.attendees.emailRequiredForEvent }));
    expect(await toast(page, M.success.photoUploaded).count()).toBe(0);

    await field(page, 'First name').fill('Mary');
    await field(page, 'Last name').fill('Jackson');
    await field(page, 'Email').fill('mary@example.com');
    await runClock(page, 1_000); // the toast's exit, far short of its own time on screen
    expect(await toast(page, M.eventForm.validationErrorTitle).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
