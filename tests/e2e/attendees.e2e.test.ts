import { describe, expect, test } from 'vitest';
import { M } from '#shared/messages';
import { apiJoin, organiserEvent, photoJpeg } from '../helpers/attendees-browser';
import { anotherBrowser, browserHarness, field, PHONE, path, snap, toast, visible } from '../helpers/browser';

const harness = browserHarness();

const attendee = (page: import('playwright-core').Page, name: string) =>
  page.getByTestId('attendee').filter({ hasText: name });

const registrationsOf = (
  server: { deps: { db: import('kysely').Kysely<import('#server/db/schema').Database> } },
  eventId: string,
) =>
  server.deps.db.selectFrom('event_registrations').select(['id', 'headline']).where('event_id', '=', eventId).execute();

describe('attendees in the browser', () => {
  test('a phone joins with a photo and sees itself "(You)"; another browser sees the join and the edit live', async () => {
    const { server, context, page, errors } = await harness.open({ viewport: PHONE });
    const { event } = await organiserEvent(server, { email_required: true });
    const watcher = await anotherBrowser(context, server.url);
    try {
      await watcher.page.goto(`/event-list/${event.id}`);
      await visible(watcher.page.getByText(M.attendees.empty));
      // an empty room has nothing to search or sort
      const searchBox = watcher.page.getByRole('searchbox', { name: M.attendees.search });
      expect(await searchBox.count()).toBe(0);

      await page.goto(`/register/${event.id}`);
      await visible(page.getByRole('heading', { name: M.attendees.joinTitle('Summer Meetup') }));
      const join = page.getByRole('button', { name: M.attendees.joinButton });
      // no photo yet: the submit is disabled (spec §5)
      expect(await join.isDisabled()).toBe(true);

      // a file that is not an image is refused with the spec's toast, and the button stays disabled
      await page
        .locator('input[type=file]')
        .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
      await visible(
        toast(page, M.attendees.unsupportedFormatTitle).filter({ hasText: M.attendees.unsupportedFormatBody }),
      );
      expect(await join.isDisabled()).toBe(true);

      await page
        .locator('input[type=file]')
        .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await photoJpeg() });
      await visible(toast(page, M.success.photoUploaded));
      expect(await join.isDisabled()).toBe(false);

      // e-mail is required for this event: the Validation Error toast carries the spec's text
      await field(page, 'First name').fill('Mary');
      await field(page, 'Last name').fill('Jackson');
      await field(page, 'Headline').fill('Aerospace engineer');
      await join.click();
      await visible(
        toast(page, M.eventForm.validationErrorTitle).filter({ hasText: M.attendees.emailRequiredForEvent }),
      );

      await field(page, 'Email').fill('mary@example.com');
      await join.click();
      await visible(toast(page, M.success.joined));
      await expect.poll(() => path(page)).toBe(`/event-list/${event.id}`);
      await visible(attendee(page, 'Mary Jackson').getByText(M.attendees.you));
      await snap(page, 'e2e-attendees-you-phone');

      // the other browser got the join without a reload, and it is not "(You)" there
      await visible(attendee(watcher.page, 'Mary Jackson'));
      expect(await attendee(watcher.page, 'Mary Jackson').getByText(M.attendees.you).count()).toBe(0);
      expect(await attendee(watcher.page, 'Mary Jackson').getByRole('link', { name: 'Edit your entry' }).count()).toBe(
        0,
      );

      // the stored photo is the browser's resize: a JPEG no larger than 800x800
      const [row] = await server.deps.db
        .selectFrom('event_registrations')
        .select('photo_url')
        .where('event_id', '=', event.id)
        .execute();
      const photo = await fetch(`${server.url}${row.photo_url}`);
      expect(photo.status).toBe(200);

      // the edit page can be left without saving
      await attendee(page, 'Mary Jackson').getByRole('link', { name: 'Edit your entry' }).click();
      await visible(page.getByRole('heading', { name: M.attendees.editTitle }));
      await field(page, 'Headline').fill('Not saved');
      await page.getByRole('link', { name: M.attendees.backToList }).click();
      await expect.poll(() => path(page)).toBe(`/event-list/${event.id}`);
      await visible(attendee(page, 'Mary Jackson'));
      expect(await page.getByText('Not saved').count()).toBe(0);

      // edit own entry: prefilled, saved, then back to the list after 1.5 s
      await attendee(page, 'Mary Jackson').getByRole('link', { name: 'Edit your entry' }).click();
      await visible(page.getByRole('heading', { name: M.attendees.editTitle }));
      expect(await field(page, 'First name').inputValue()).toBe('Mary');
      await field(page, 'First name').fill('');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await visible(toast(page, M.attendees.missingInfoTitle).filter({ hasText: M.attendees.missingInfoBody }));
      await field(page, 'First name').fill('Mary');
      await field(page, 'Headline').fill('Aerospace engineer, NACA');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await visible(toast(page, M.success.infoUpdated));
      // spec §2: back to the list 1.5 s later
      await expect.poll(() => path(page), { timeout: 5_000 }).toBe(`/event-list/${event.id}`);
      await visible(attendee(page, 'Mary Jackson').getByText('Aerospace engineer, NACA'));
      await visible(searchBox);
      // ...and the other browser merged the edit in place
      await visible(attendee(watcher.page, 'Mary Jackson').getByText('Aerospace engineer, NACA'));
      expect(await watcher.page.getByTestId('attendee').count()).toBe(1);

      expect((await registrationsOf(server, event.id)).map((r) => r.headline)).toEqual(['Aerospace engineer, NACA']);
      expect([...errors, ...watcher.errors]).toEqual([]);
    } finally {
      await watcher.context.close();
    }
  });

  test('a join whose answers are lost is retried with the same token, by itself and by the person: one registration', async () => {
    const { server, page, errors } = await harness.open({ viewport: PHONE });
    const { event } = await organiserEvent(server);
    // The server handles each join, but the answers of the first try and its two automatic retries
    // never reach the page (venue Wi-Fi); the person then taps "Join the room" again.
    let dropped = 0;
    await page.route('**/trpc/registrations.join**', async (route) => {
      if (dropped >= 3) return route.continue();
      dropped += 1;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await page.goto(`/register/${event.id}`);
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await photoJpeg() });
    await field(page, 'First name').fill('Dorothy');
    await field(page, 'Last name').fill('Vaughan');
    const join = page.getByRole('button', { name: M.attendees.joinButton });
    await join.click();
    await visible(toast(page, M.attendees.joinFailedTitle).filter({ hasText: M.attendees.joinFailedBody }));
    expect(dropped).toBe(3);
    expect(await registrationsOf(server, event.id)).toHaveLength(1);

    await join.click();
    await visible(toast(page, M.success.joined));
    await visible(attendee(page, 'Dorothy Vaughan').getByText(M.attendees.you));
    expect(await registrationsOf(server, event.id)).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  test('a join tapped offline says it failed, with a Retry; back online, Retry makes exactly one entry', async () => {
    const { server, page, context, errors } = await harness.open({ viewport: PHONE });
    const { event } = await organiserEvent(server);
    await page.goto(`/register/${event.id}`);
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await photoJpeg() });
    await field(page, 'First name').fill('Katherine');
    await field(page, 'Last name').fill('Johnson');

    await context.setOffline(true);
    await page.getByRole('button', { name: M.attendees.joinButton }).click();
    const failure = page.getByTestId('join-failed');
    await visible(failure.getByText(M.attendees.joinFailedTitle));
    await visible(failure.getByText(M.attendees.joinFailedBody));
    expect(await registrationsOf(server, event.id)).toHaveLength(0);

    // a server error (not the network) says the same
    await context.setOffline(false);
    let failing = true;
    await page.route('**/trpc/registrations.join**', (route) =>
      failing ? route.fulfill({ status: 503, body: '{}' }) : route.continue(),
    );
    await failure.getByRole('button', { name: M.attendees.retryJoin }).click();
    await visible(failure.getByText(M.attendees.joinFailedBody));
    expect(await registrationsOf(server, event.id)).toHaveLength(0);

    failing = false;
    await failure.getByRole('button', { name: M.attendees.retryJoin }).click();
    await visible(toast(page, M.success.joined));
    await visible(attendee(page, 'Katherine Johnson').getByText(M.attendees.you));
    expect(await registrationsOf(server, event.id)).toHaveLength(1);
    expect(errors.filter((e) => !e.includes('503'))).toEqual([]);
  });

  test('a slow upload shows how much of the photo has gone', async () => {
    const { server, page, errors } = await harness.open({ viewport: PHONE });
    const { event } = await organiserEvent(server);
    await page.goto(`/register/${event.id}`);
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await photoJpeg('#228be6', 800) });
    await field(page, 'First name').fill('Mary');
    await field(page, 'Last name').fill('Jackson');
    // a phone on a poor mobile network: ~10 KB/s up
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 100,
      downloadThroughput: -1,
      uploadThroughput: 10 * 1024,
    });
    await page.getByRole('button', { name: M.attendees.joinButton }).click();
    const bar = page.getByRole('progressbar', { name: 'Upload progress' });
    await visible(bar);
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
    await visible(page.getByText(/Sending your photo… \d+%/));
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await visible(toast(page, M.success.joined));
    expect(await registrationsOf(server, event.id)).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  test('"Access Denied" in a browser that did not join; the list is one tap away', async () => {
    const { server, page, errors } = await harness.open({ viewport: PHONE });
    const { event } = await organiserEvent(server);
    const { registration } = await apiJoin(server, event.id, { first_name: 'Ada', last_name: 'Lovelace' });

    for (const to of [`/register/${event.id}/edit/${registration.id}`, `/edit-registration/${event.id}`]) {
      await page.goto(to);
      await visible(page.getByRole('heading', { name: M.attendees.accessDenied }));
    }
    await snap(page, 'e2e-attendees-access-denied-phone');
    await page.getByRole('link', { name: M.attendees.viewList }).click();
    await expect.poll(() => path(page)).toBe(`/event-list/${event.id}`);
    await visible(attendee(page, 'Ada Lovelace').getByRole('button', { name: 'Info about Ada Lovelace' }));
    expect(await page.getByText(M.attendees.you).count()).toBe(0);

    // a token this browser made up does not open the entry either (the server decides)
    await page.evaluate(
      (id) => localStorage.setItem(`roomlist:registration-token:${id}`, crypto.randomUUID()),
      registration.id,
    );
    await page.goto(`/register/${event.id}/edit/${registration.id}`);
    await visible(page.getByRole('heading', { name: M.attendees.accessDenied }));
    expect(errors).toEqual([]);
  });

  test('pages of 10 searched and sorted by the server; a pin is kept in this browser and comes first across pages', async () => {
    const { server, page, errors } = await harness.open({ viewport: PHONE });
    const { event } = await organiserEvent(server);
    const names = ['Grace Hopper', 'Alan Turing', 'Radia Perlman', 'Ada Lovelace', 'Dennis Ritchie', 'Barbara Liskov'];
    for (let i = 0; i < 12; i++) {
      const [first_name, last_name] = (names[i] ?? `Person Number${String.fromCharCode(65 + i)}`).split(' ');
      await apiJoin(server, event.id, { first_name, last_name });
    }
    await page.goto(`/event-list/${event.id}`);
    await visible(page.getByText('Showing 1 to 10 of 12 attendees'));
    expect(await page.getByTestId('attendee').count()).toBe(10);
    // Newest first by default: the first joiner is on page 2
    expect(await attendee(page, 'Grace Hopper').count()).toBe(0);
    await page.getByRole('button', { name: 'Page 2' }).click();
    await visible(attendee(page, 'Grace Hopper'));

    // a search goes back to page 1 and is answered by the server
    await page.getByRole('searchbox', { name: M.attendees.search }).fill('turing');
    await expect.poll(() => page.getByTestId('attendee').count()).toBe(1);
    await visible(attendee(page, 'Alan Turing'));
    await page.getByRole('searchbox', { name: M.attendees.search }).fill('nobody-here');
    await visible(page.getByText(M.attendees.noMatch('nobody-here')));
    await page.getByRole('searchbox', { name: M.attendees.search }).fill('');

    await page.getByText(M.attendees.sort['name-asc'], { exact: true }).click();
    await expect.poll(() => page.getByTestId('attendee').first().textContent()).toContain('Ada Lovelace');

    await attendee(page, 'Grace Hopper').getByRole('button', { name: 'Pin Grace Hopper' }).click();
    expect(await page.getByTestId('attendee').first().textContent()).toContain('Grace Hopper');
    // kept in this browser, and first across pages (spec §2): after a reload (Newest again, where Grace, the
    // first to join, would be on page 2) the server puts her at the top of page 1
    await page.reload();
    await visible(page.getByText('Showing 1 to 10 of 12 attendees'));
    await expect.poll(() => page.getByTestId('attendee').first().textContent()).toContain('Grace Hopper');
    expect(await page.getByTestId('attendee').first().getAttribute('data-pinned')).toBe('true');
    expect(await page.getByTestId('attendee').count()).toBe(10);
    await page.getByRole('button', { name: 'Page 2' }).click();
    await visible(page.getByText('Showing 11 to 12 of 12 attendees'));
    await expect.poll(() => page.getByTestId('attendee').count()).toBe(2);
    expect(await attendee(page, 'Grace Hopper').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  test('an unknown event shows "Event Not Found" with its id and Retry', async () => {
    const { page } = await harness.open({ viewport: PHONE });
    const id = '00000000-0000-4000-8000-000000000000';
    await page.goto(`/register/${id}`);
    await visible(page.getByRole('heading', { name: M.events.notFoundTitle }));
    await visible(page.getByText(id, { exact: true }));
    await visible(page.getByRole('button', { name: M.attendees.retry }));
  });
});
