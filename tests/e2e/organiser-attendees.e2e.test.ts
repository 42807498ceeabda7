import { describe, expect, test } from 'vitest';
import { M } from '#shared/messages';
import { apiJoin, organiserEvent } from '../helpers/attendees-browser';
import { browserHarness, hidden, PHONE, snap, toast, visible } from '../helpers/browser';
import { browserCookies } from '../helpers/events-browser';

const harness = browserHarness();

describe('organiser attendee management (spec §2 event detail)', () => {
  test('at the door on a phone: search, one tap to check in, undo, live joins, remove with confirmation', async () => {
    const { server, page, context, errors } = await harness.open({ viewport: PHONE });
    const { api, event } = await organiserEvent(server);
    await context.addCookies(browserCookies(server, api));
    await apiJoin(server, event.id, {
      first_name: 'Mary',
      last_name: 'Somerville',
      email: 'mary.somerville.mathematician@example.com',
      phone: '+44 7700 900123',
    });
    await apiJoin(server, event.id, { first_name: 'Grace', last_name: 'Hopper' });

    await page.goto(`/event/${event.id}`);
    await visible(page.getByTestId('checked-in-count').filter({ hasText: '0 of 2 checked in' }));
    // search is case-insensitive on first name, last name and e-mail
    const search = page.getByRole('searchbox', { name: M.attendees.search });
    await search.fill('SOMER');
    await hidden(page.getByText('Grace Hopper'));
    await search.fill('mary.somerville.MATHEMATICIAN@EXAMPLE');
    await visible(page.getByText('Mary Somerville'));
    // her e-mail and phone whole on a phone's screen, not cut off
    for (const contact of ['mary.somerville.mathematician@example.com', '+44 7700 900123']) {
      const line = page.getByText(contact, { exact: true });
      await visible(line);
      expect(await line.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
    await hidden(page.getByText('Grace Hopper'));

    const checkIn = page.getByRole('button', { name: 'Check in Mary Somerville' });
    const box = await checkIn.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(40); // a thumb-sized target
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    // the event's three actions in one row on a phone, inside the screen
    const actions = await Promise.all(
      ['Edit', M.door.open, 'Delete'].map((name) =>
        page.getByRole(name === 'Delete' ? 'button' : 'link', { name, exact: true }).boundingBox(),
      ),
    );
    expect(new Set(actions.map((a) => a?.y)).size).toBe(1);
    expect(Math.max(...actions.map((a) => (a?.x ?? 0) + (a?.width ?? 0)))).toBeLessThanOrEqual(PHONE.width);
    await snap(page, 'e2e-organiser-door-390');
    await checkIn.click();
    await visible(toast(page, M.success.checkedIn));
    await visible(page.getByTestId('checked-in-count').filter({ hasText: '1 of 2 checked in' }));
    const row = await server.deps.db
      .selectFrom('event_registrations')
      .select('checked_in_at')
      .where('first_name', '=', 'Mary')
      .executeTakeFirstOrThrow();
    expect(row.checked_in_at).not.toBeNull();

    await page.getByRole('button', { name: 'Undo check-in of Mary Somerville' }).click();
    await visible(toast(page, M.success.checkInUndone));
    await visible(page.getByRole('button', { name: 'Check in Mary Somerville' }));
    await visible(page.getByTestId('checked-in-count').filter({ hasText: '0 of 2 checked in' }));

    // a join at the door shows up without a reload
    await search.fill('');
    await apiJoin(server, event.id, { first_name: 'Alan', last_name: 'Turing' });
    await visible(page.getByText('Alan Turing'));
    await visible(page.getByTestId('checked-in-count').filter({ hasText: '0 of 3 checked in' }));

    // removal asks first
    await page.getByRole('button', { name: 'Remove Grace Hopper' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this attendee?' });
    await visible(dialog);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await hidden(dialog);
    await visible(page.getByText('Grace Hopper'));
    await page.getByRole('button', { name: 'Remove Grace Hopper' }).click();
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await visible(toast(page, M.success.registrationDeleted));
    await hidden(page.getByText('Grace Hopper'));
    await visible(page.getByTestId('checked-in-count').filter({ hasText: '0 of 2 checked in' }));
    expect(errors).toEqual([]);
  });

  test('here now: check in, check out with undo; the door, the attendee list and the display agree live', async () => {
    const { server, page, context, errors } = await harness.open({ viewport: PHONE });
    const { api, event } = await organiserEvent(server);
    await context.addCookies(browserCookies(server, api));
    await apiJoin(server, event.id, { first_name: 'Mary', last_name: 'Somerville' });
    await apiJoin(server, event.id, { first_name: 'Grace', last_name: 'Hopper' });
    // an attendee's phone on the public list, and the venue screen
    const phone = await context.browser()?.newPage({ viewport: PHONE });
    const screen = await context.browser()?.newPage({ viewport: { width: 1920, height: 1080 } });
    if (!phone || !screen) throw new Error('no second page');
    await phone.goto(`${server.url}/event-list/${event.id}`);
    await screen.goto(`${server.url}/event-display/${event.id}`);
    await visible(phone.getByText('Mary Somerville'));
    await visible(screen.getByText('Mary Somerville'));

    await page.goto(`/event/${event.id}`);
    const counts = page.getByTestId('here-now-count');
    await visible(counts.filter({ hasText: M.attendees.hereNow(0, 2) }));
    await page.getByRole('button', { name: 'Check in Mary Somerville' }).click();
    await visible(counts.filter({ hasText: M.attendees.hereNow(1, 2) }));
    await visible(phone.getByTestId('here-now').filter({ hasText: '1 here now' }));
    await visible(screen.getByTestId('display-here-now').filter({ hasText: '1 here now' }));
    await visible(phone.getByText(M.attendees.hereNowBadge, { exact: true }));

    await page.getByRole('button', { name: 'Check out Mary Somerville' }).click();
    await visible(toast(page, M.success.checkedOut));
    await visible(counts.filter({ hasText: M.attendees.hereNow(0, 2) }));
    await visible(page.getByText(/^Left \d\d:\d\d$/));
    await hidden(phone.getByTestId('here-now'));
    await hidden(screen.getByTestId('display-here-now'));
    await snap(page, 'e2e-organiser-checked-out-390');

    await page.getByRole('button', { name: 'Undo check-out of Mary Somerville' }).click();
    await visible(toast(page, M.success.checkOutUndone));
    await visible(counts.filter({ hasText: M.attendees.hereNow(1, 2) }));
    await visible(page.getByRole('button', { name: 'Check out Mary Somerville' }));
    await visible(phone.getByTestId('here-now').filter({ hasText: '1 here now' }));
    const row = await server.deps.db
      .selectFrom('event_registrations')
      .select(['checked_in_at', 'checked_out_at'])
      .where('first_name', '=', 'Mary')
      .executeTakeFirstOrThrow();
    expect(row.checked_in_at).not.toBeNull();
    expect(row.checked_out_at).toBeNull();
    await phone.close();
    await screen.close();
    expect(errors).toEqual([]);
  });

  test('a removal that fails says so', async () => {
    const { server, page, context } = await harness.open();
    const { api, event } = await organiserEvent(server);
    await context.addCookies(browserCookies(server, api));
    const { registration } = await apiJoin(server, event.id, { first_name: 'Gone', last_name: 'Already' });
    await page.goto(`/event/${event.id}`);
    await page.getByRole('button', { name: 'Remove Gone Already' }).click();
    // someone else removes the entry while this dialog is open
    await api.trpc.registrations.remove.mutate({ id: registration.id });
    await page.getByRole('dialog').getByRole('button', { name: 'Remove', exact: true }).click();
    await visible(toast(page, M.attendees.removeErrorTitle).filter({ hasText: M.attendees.removeErrorBody }));
  });

  test('"Delete Attendee Data Now" erases after confirmation and shows the statistics view', async () => {
    const { server, page, context, errors } = await harness.open();
    const { api, event } = await organiserEvent(server);
    await context.addCookies(browserCookies(server, api));
    await apiJoin(server, event.id, { first_name: 'Mary', last_name: 'Somerville' });
    await apiJoin(server, event.id, { first_name: 'Grace', last_name: 'Hopper' });
    await page.goto(`/event/${event.id}`);
    await visible(page.getByText('Grace Hopper'));

    await page.getByRole('button', { name: M.events.deleteDataNow }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete attendee data now?' });
    await dialog.getByRole('button', { name: 'Delete Data Now' }).click();
    await visible(toast(page, M.success.cleanupCompleted).filter({ hasText: M.success.cleanupReport(1, 2) }));
    await hidden(page.getByText('Grace Hopper'));
    await visible(page.getByTestId('cleaned-total-attendees').filter({ hasText: '2' }));
    await visible(page.getByTestId('cleaned-scheduled-deletion'));
    await hidden(page.getByRole('button', { name: M.events.deleteDataNow }));
    expect(await server.deps.db.selectFrom('event_registrations').select('id').execute()).toEqual([]);
    await snap(page, 'e2e-organiser-cleaned-1440');
    expect(errors).toEqual([]);
  });

  test('a cleanup that fails says so', async () => {
    const { server, page, context } = await harness.open();
    const { api, event } = await organiserEvent(server);
    await context.addCookies(browserCookies(server, api));
    await apiJoin(server, event.id, { first_name: 'Mary', last_name: 'Somerville' });
    await page.goto(`/event/${event.id}`);
    await page.getByRole('button', { name: M.events.deleteDataNow }).click();
    // the venue Wi-Fi drops the request
    await page.route('**/trpc/gdpr.cleanupNow*', (route) => route.abort('internetdisconnected'));
    await page.getByRole('dialog').getByRole('button', { name: 'Delete Data Now' }).click();
    await visible(toast(page, M.attendees.cleanupFailedTitle).filter({ hasText: M.attendees.cleanupFailedBody }));
  });
});

/** Counts the page's tRPC requests in flight (HTTP only; the live socket is not a request). */
