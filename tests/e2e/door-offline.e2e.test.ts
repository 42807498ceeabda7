import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { M } from '#shared/messages';
import { apiJoin, organiserEvent } from '../helpers/attendees-browser';
import { browserHarness, hidden, PHONE, snap, visible } from '../helpers/browser';
import { browserCookies } from '../helpers/events-browser';

const harness = browserHarness();
const TABLET = { width: 820, height: 1180 };

/** What the door keeps on the device: IndexedDB rows per store, and the photo caches' entries. */
async function deviceData(page: Page, eventId: string) {
  return page.evaluate(async (id) => {
    const names = (await indexedDB.databases()).map((d) => d.name);
    const rows: Record<string, number> = {};
    if (names.includes('roomlist-door')) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const r = indexedDB.open('roomlist-door');
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
      for (const store of ['events', 'attendees', 'queue', 'conflicts']) {
        rows[store] = await new Promise<number>((resolve) => {
          const r = db.transaction(store).objectStore(store).count();
          r.onsuccess = () => resolve(r.result);
        });
      }
      db.close();
    }
    const photos = (await caches.has(`roomlist-door-photos-${id}`))
      ? (await (await caches.open(`roomlist-door-photos-${id}`)).keys()).length
      : 0;
    return { rows, photos };
  }, eventId);
}

/** Waits until the service worker controls the page and the door has kept every photo. */
async function installed(page: Page, eventId: string, photos: number) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.waitForFunction(
    async ([id, n]) => (await (await caches.open(`roomlist-door-photos-${id}`)).keys()).length >= n,
    [eventId, photos] as const,
  );
}

const row = (page: Page, name: string) => page.getByTestId('door-attendee').filter({ hasText: name });

describe('the door offline (README "The door offline")', () => {
  test('offline: check in three people, reload offline, come back: the server agrees; a conflict is shown, not lost', async () => {
    const { server, page, context, errors } = await harness.open({ viewport: TABLET });
    const { api, event } = await organiserEvent(server, { name: 'Winter Meetup' });
    await context.addCookies(browserCookies(server, api));
    const people = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Mary Somerville'];
    const ids: Record<string, string> = {};
    for (const name of people) {
      const [first_name, last_name] = name.split(' ');
      ids[name] = (await apiJoin(server, event.id, { first_name, last_name })).registration.id;
    }

    await page.goto(`/door/${event.id}`);
    await visible(page.getByTestId('door-counts').filter({ hasText: M.attendees.hereNow(0, 4) }));
    await visible(page.getByTestId('door-status').getByText(M.door.online));
    // installable: the manifest of this event's door, scoped to /door/
    const manifest = await page.evaluate(async () =>
      (await fetch((document.querySelector('link[rel=manifest]') as HTMLLinkElement).href)).json(),
    );
    expect(manifest).toMatchObject({ start_url: `/door/${event.id}`, scope: '/door/', display: 'standalone' });
    await installed(page, event.id, 4);

    await context.setOffline(true);
    await visible(page.getByTestId('door-status').getByText(M.door.offline));
    const offlineFrom = new Date().toISOString();
    for (const name of ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Mary Somerville']) {
      await page.getByRole('button', { name: `${M.door.checkIn} ${name}` }).click();
      await visible(row(page, name).getByText(/^In \d\d:\d\d$/));
    }
    await visible(page.getByTestId('door-status').getByText(M.door.waiting(4)));
    await visible(page.getByTestId('door-counts').filter({ hasText: M.attendees.hereNow(4, 4) }));
    // search works on the device's copy, accent- and case-blind
    await page.getByRole('textbox', { name: M.door.searchPlaceholder }).fill('TURİNG'.replace('İ', 'i'));
    await visible(row(page, 'Alan Turing'));
    await hidden(row(page, 'Ada Lovelace'));
    await page.getByRole('textbox', { name: M.door.searchPlaceholder }).fill('');

    // nothing reached the server
    const checkedIn = async () =>
      (
        await server.deps.db
          .selectFrom('event_registrations')
          .select(['id', 'checked_in_at'])
          .where('event_id', '=', event.id)
          .where('checked_in_at', 'is not', null)
          .execute()
      ).map((r) => r.id);
    expect(await checkedIn()).toEqual([]);

    // the page opens again with no network: from the service worker, with the list, photos and the queue
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await visible(page.getByTestId('door-status').getByText(M.door.offline));
    await visible(page.getByTestId('door-status').getByText(M.door.waiting(4)));
    await visible(page.getByTestId('door-counts').filter({ hasText: M.attendees.hereNow(4, 4) }));
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('[data-testid=door-attendee] img')].every(
        (img) => img.complete && img.naturalWidth > 0,
      ),
    );
    expect(await page.locator('[data-testid=door-attendee] img').count()).toBe(4);
    await snap(page, 'e2e-door-offline-820');
    await page.setViewportSize(PHONE);
    await snap(page, 'e2e-door-offline-390');
    await page.setViewportSize(TABLET);

    // meanwhile, at the organiser's laptop, Mary's entry is removed
    await api.trpc.registrations.remove.mutate({ id: ids['Mary Somerville'] });

    await context.setOffline(false);
    await visible(page.getByTestId('door-status').getByText(M.door.online));
    await hidden(page.getByTestId('door-status').getByText(/waiting/));
    const conflicts = page.getByTestId('door-conflicts');
    await visible(conflicts.getByText(M.door.removed('Mary Somerville')));
    await hidden(row(page, 'Mary Somerville'));
    await visible(page.getByTestId('door-counts').filter({ hasText: M.attendees.hereNow(3, 3) }));

    const onServer = await checkedIn();
    expect(onServer.sort()).toEqual([ids['Ada Lovelace'], ids['Grace Hopper'], ids['Alan Turing']].sort());
    // each at the time it was made at the door, not when it was sent
    const times = await server.deps.db
      .selectFrom('event_registrations')
      .select('checked_in_at')
      .where('event_id', '=', event.id)
      .execute();
    for (const t of times)
      expect(Date.parse(t.checked_in_at ?? '')).toBeGreaterThanOrEqual(Date.parse(offlineFrom) - 1000);
    expect(await server.deps.db.selectFrom('door_actions').select('id').execute()).toHaveLength(4);
    expect((await deviceData(page, event.id)).rows).toMatchObject({ queue: 0, attendees: 3, conflicts: 1 });
    await page.getByRole('button', { name: M.door.conflictDismiss }).click();
    await hidden(conflicts);

    // the service worker is the door's alone: a public page on the same device is not under it
    await page.goto(`/register/${event.id}`);
    await visible(page.getByRole('button', { name: M.attendees.joinButton }));
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    expect(errors).toEqual([]);
  });

  test("the device's copy goes at sign-out, and at the event's erasure time even offline", async () => {
    const { server, page, context } = await harness.open({ viewport: TABLET });
    const { api, event } = await organiserEvent(server);
    await context.addCookies(browserCookies(server, api));
    await apiJoin(server, event.id, { first_name: 'Ada', last_name: 'Lovelace' });
    await page.goto(`/door/${event.id}`);
    await visible(row(page, 'Ada Lovelace'));
    await installed(page, event.id, 1);
    expect(await deviceData(page, event.id)).toEqual({
      rows: { events: 1, attendees: 1, queue: 0, conflicts: 0 },
      photos: 1,
    });

    // erasure: the device's clock passes the event's erasure time while offline
    await context.setOffline(true);
    const erasesAt = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const r = indexedDB.open('roomlist-door');
          r.onsuccess = () => {
            const g = r.result.transaction('events').objectStore('events').getAll();
            g.onsuccess = () => resolve(g.result[0].erases_at);
          };
        }),
    );
    await page.clock.setSystemTime(new Date(Date.parse(erasesAt) + 60_000));
    await page.reload();
    await visible(page.getByText(M.door.erased));
    await visible(page.getByText(M.door.notSaved));
    expect(await deviceData(page, event.id)).toEqual({
      rows: { events: 0, attendees: 0, queue: 0, conflicts: 0 },
      photos: 0,
    });

    // sign-out: back online, the list kept again, then the user signs out from the app
    await context.setOffline(false);
    await page.clock.setSystemTime(new Date());
    await page.reload();
    await visible(row(page, 'Ada Lovelace'));
    await installed(page, event.id, 1);
    await page.goto('/account');
    await page
      .getByRole('button', { name: /log ?out|sign out/i })
      .first()
      .click();
    await page.waitForURL('**/auth');
    await page.waitForFunction(async () => !(await indexedDB.databases()).some((d) => d.name === 'roomlist-door'));
    expect((await deviceData(page, event.id)).photos).toBe(0);
  });
});
