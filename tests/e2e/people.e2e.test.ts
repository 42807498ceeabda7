import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { M } from '#shared/messages';
import { apiJoin, organiserEvent, photoJpeg } from '../helpers/attendees-browser';
import { anotherBrowser, browserHarness, field, hidden, PHONE, path, snap, toast, visible } from '../helpers/browser';

// Who sees what in the room (docs/privacy.md), in Chromium: connections reveal contacts on both phones,
// a browser that never joined sees none, and the venue screen drops whoever turns it off.

const harness = browserHarness();

const attendee = (page: Page, name: string) => page.getByTestId('attendee').filter({ hasText: name });

async function joinWithForm(
  page: Page,
  eventId: string,
  p: { first: string; last: string; email: string; phone: string },
) {
  await page.goto(`/register/${eventId}`);
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await photoJpeg() });
  await visible(toast(page, M.success.photoUploaded));
  await field(page, 'First name').fill(p.first);
  await field(page, 'Last name').fill(p.last);
  await field(page, 'Email').fill(p.email);
  await field(page, 'Phone').fill(p.phone);
  await page.getByRole('button', { name: M.attendees.joinButton }).click();
  await visible(toast(page, M.success.joined));
  await expect.poll(() => path(page)).toBe(`/event-list/${eventId}`);
  await visible(attendee(page, `${p.first} ${p.last}`).getByText(M.attendees.you));
}

const info = async (page: Page, name: string) => {
  await attendee(page, name)
    .getByRole('button', { name: `Info about ${name}` })
    .click();
  return page.getByRole('dialog');
};
const closeInfo = async (page: Page) => {
  await page.keyboard.press('Escape');
  await hidden(page.getByRole('dialog'));
};

const MARY = { first: 'Mary', last: 'Jackson', email: 'mary.jackson@nasa.example', phone: '+1 757 555 0101' };
const KATHERINE = { first: 'Katherine', last: 'Johnson', email: 'kj@nasa.example', phone: '+1 757 555 0202' };

describe('people choose what the room sees', () => {
  test('two phones pin each other and each sees the other’s phone; a browser that never joined sees no contact', async () => {
    const { server, context, page: visitor, errors } = await harness.open({ viewport: PHONE });
    const { event } = await organiserEvent(server);
    const mary = await anotherBrowser(context, server.url);
    const kath = await anotherBrowser(context, server.url);
    try {
      await joinWithForm(mary.page, event.id, MARY);
      await joinWithForm(kath.page, event.id, KATHERINE);
      await visitor.goto(`/event-list/${event.id}`);
      await visible(attendee(visitor, 'Katherine Johnson'));
      await visible(attendee(mary.page, 'Katherine Johnson'));

      // one pin is not a connection: Mary is told how to connect
      await attendee(mary.page, 'Katherine Johnson').getByRole('button', { name: 'Pin Katherine Johnson' }).click();
      let dialog = await info(mary.page, 'Katherine Johnson');
      await visible(dialog.getByText(M.privacy.pinToConnect));
      expect(await dialog.getByText(KATHERINE.phone).count()).toBe(0);
      await closeInfo(mary.page);

      // Katherine pins back: both phones show the connection, live, without a reload
      await visible(attendee(kath.page, 'Mary Jackson'));
      await attendee(kath.page, 'Mary Jackson').getByRole('button', { name: 'Pin Mary Jackson' }).click();
      await visible(attendee(kath.page, 'Mary Jackson').getByText(M.privacy.connected));
      await visible(attendee(mary.page, 'Katherine Johnson').getByText(M.privacy.connected));
      dialog = await info(mary.page, 'Katherine Johnson');
      await visible(dialog.getByRole('link', { name: KATHERINE.phone }));
      await visible(dialog.getByRole('link', { name: KATHERINE.email }));
      await snap(mary.page, 'e2e-people-connected-phone');
      await closeInfo(mary.page);
      await mary.page.setViewportSize({ width: 1440, height: 900 });
      await snap(mary.page, 'e2e-people-connected-desktop');
      await mary.page.setViewportSize(PHONE);
      dialog = await info(kath.page, 'Mary Jackson');
      await visible(dialog.getByRole('link', { name: MARY.phone }));
      await closeInfo(kath.page);

      // the browser that never joined: names and photos, never an e-mail or phone, and an invitation
      await visible(attendee(visitor, 'Mary Jackson'));
      for (const name of ['Mary Jackson', 'Katherine Johnson']) {
        dialog = await info(visitor, name);
        await visible(dialog.getByRole('link', { name: M.privacy.joinToConnect }));
        await closeInfo(visitor);
      }
      const html = await visitor.content();
      for (const secret of [MARY.email, MARY.phone, KATHERINE.email, KATHERINE.phone])
        expect(html).not.toContain(secret);
      await snap(visitor, 'e2e-people-visitor-phone');

      // Mary unpins: the connection ends on both phones
      await attendee(mary.page, 'Katherine Johnson').getByRole('button', { name: 'Unpin Katherine Johnson' }).click();
      await hidden(attendee(kath.page, 'Mary Jackson').getByText(M.privacy.connected));
      dialog = await info(kath.page, 'Mary Jackson');
      await visible(dialog.getByText(M.privacy.pinToConnect));
      expect(await dialog.getByText(MARY.phone).count()).toBe(0);
      expect([...errors, ...mary.errors, ...kath.errors]).toEqual([]);
    } finally {
      await mary.context.close();
      await kath.context.close();
    }
  });

  test('pins made before joining are sent up once and kept against the new entry', async () => {
    const { server, page, errors } = await harness.open({ viewport: PHONE });
    const { event } = await organiserEvent(server);
    const { registration: ada } = await apiJoin(server, event.id, { first_name: 'Ada', last_name: 'Lovelace' });
    await page.goto(`/event-list/${event.id}`);
    await attendee(page, 'Ada Lovelace').getByRole('button', { name: 'Pin Ada Lovelace' }).click();
    expect(await page.evaluate((id) => localStorage.getItem(`roomlist:pins:${id}`), event.id)).toContain(ada.id);

    await joinWithForm(page, event.id, MARY);
    await expect
      .poll(() => server.deps.db.selectFrom('attendee_pins').select(['pinned_id']).execute())
      .toEqual([{ pinned_id: ada.id }]);
    await expect.poll(() => page.evaluate((id) => localStorage.getItem(`roomlist:pins:${id}`), event.id)).toBeNull();
    await visible(attendee(page, 'Ada Lovelace').getByRole('button', { name: 'Unpin Ada Lovelace' }));
    expect(errors).toEqual([]);
  });

  test('the venue screen drops someone who turns it off, live, and never shows one who joined with it off', async () => {
    const { server, page, errors } = await harness.open({ viewport: { width: 1920, height: 1080 } });
    const { event } = await organiserEvent(server);
    await apiJoin(server, event.id, { first_name: 'Ada', last_name: 'Lovelace' });
    const grace = await apiJoin(server, event.id, { first_name: 'Grace', last_name: 'Hopper' });
    await page.goto(`/event-display/${event.id}`);
    const card = (name: string) => page.getByTestId('display-card').filter({ hasText: name });
    await visible(card('Ada Lovelace'));
    await visible(card('Grace Hopper'));

    await server.client().trpc.registrations.update.mutate({
      eventId: event.id,
      registrationId: grace.registration.id,
      token: grace.token,
      first_name: 'Grace',
      last_name: 'Hopper',
      show_on_display: false,
    });
    await hidden(card('Grace Hopper'));
    await visible(card('Ada Lovelace'));

    const c = server.client();
    const photo = (await photoJpeg('#fa5252', 200)).toString('base64');
    await c.trpc.registrations.join.mutate({
      eventId: event.id,
      token: crypto.randomUUID(),
      first_name: 'Alan',
      last_name: 'Turing',
      photo,
      show_on_display: false,
    });
    await apiJoin(server, event.id, { first_name: 'Joan', last_name: 'Clarke' });
    await visible(card('Joan Clarke'));
    expect(await card('Alan Turing').count()).toBe(0);
    expect(await card('Grace Hopper').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
