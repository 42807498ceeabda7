import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { M } from '#shared/messages';
import { myDataMessages } from '#shared/messages/my-data';
import type { MyData } from '#shared/schemas/my-data';
import type { JoinInput } from '#shared/schemas/registrations';
import { organiserEvent, photoJpeg } from '../helpers/attendees-browser';
import {
  anotherBrowser,
  browserHarness,
  DESKTOP,
  hidden,
  PHONE,
  path,
  settled,
  snap,
  toast,
  visible,
} from '../helpers/browser';
import type { TestServer } from '../helpers/server';

// "Download my data" and "Remove me from this room" on the attendee's own entry, in a real browser: the
// files hold the entry, the choices, the pins and what each connection shares; the removal takes the
// entry off another browser's list live, and this browser then sees the room as a visitor.

const harness = browserHarness();

const require = createRequire(import.meta.url);
const MANTINE_CLASSES = [
  ...new Set(fs.readFileSync(require.resolve('@mantine/core/styles.css'), 'utf8').match(/\bm_[0-9a-f]{8}\b/g)),
];

/** Mantine classes on the page's elements that have rules in Mantine's stylesheet but none loaded. */
const unstyledClasses = (page: Page) =>
  page.evaluate((known) => {
    const loaded = [...document.styleSheets].map((s) => [...s.cssRules].map((r) => r.cssText).join('\n')).join('\n');
    const onPage = new Set<string>();
    for (const el of document.querySelectorAll('[class*="m_"]')) {
      for (const c of el.classList) if (/^m_[0-9a-f]{8}$/.test(c)) onPage.add(c);
    }
    return [...onPage].filter((c) => known.includes(c) && !loaded.includes(`.${c}`));
  }, MANTINE_CLASSES);

async function join(server: TestServer, eventId: string, who: Partial<JoinInput>, color: string) {
  const photo = (
    await sharp(await photoJpeg(color, 400))
      .jpeg()
      .toBuffer()
  ).toString('base64');
  const token = crypto.randomUUID();
  const r = await server.client().trpc.registrations.join.mutate({
    eventId,
    token,
    photo,
    first_name: '',
    last_name: '',
    ...who,
  });
  return { ...r, token };
}

const attendee = (page: Page, name: string) => page.getByTestId('attendee').filter({ hasText: name });

/** Clicks a download button and returns the saved file's name and text. */
async function downloaded(page: Page, button: string) {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  const file = await dl.path();
  return { name: dl.suggestedFilename(), text: fs.readFileSync(file, 'utf8') };
}

describe('my data in the browser', () => {
  test('the owner downloads their data as JSON and CSV, then removes themselves; another browser sees them go', async () => {
    const { server, context, page, errors } = await harness.open({ viewport: PHONE, acceptDownloads: true });
    const { event } = await organiserEvent(server);
    const me = await join(
      server,
      event.id,
      {
        first_name: 'Katherine',
        last_name: 'Johnson',
        email: 'katherine@example.com',
        phone: '+44 113 496 0000',
        headline: 'Orbital mechanics',
        contact_visibility: 'organiser',
        show_on_display: false,
      },
      '#2f9e44',
    );
    const friend = await join(
      server,
      event.id,
      { first_name: 'Dorothy', last_name: 'Vaughan', email: 'dorothy@example.com', contact_visibility: 'room' },
      '#e8590c',
    );
    const shy = await join(
      server,
      event.id,
      { first_name: 'Mary', last_name: 'Jackson', email: 'mary@example.com', contact_visibility: 'organiser' },
      '#1971c2',
    );
    const pin = (from: { id: string; token: string }, to: { id: string }) =>
      server.client().trpc.connections.pin.mutate({
        eventId: event.id,
        viewer: { registrationId: from.id, token: from.token },
        registrationId: to.id,
      });
    await pin(me, friend);
    await pin(me, shy);
    await pin(friend, me);
    await pin(shy, me);

    const watcher = await anotherBrowser(context, server.url, DESKTOP);
    try {
      await watcher.page.goto(`/event-list/${event.id}`);
      await visible(attendee(watcher.page, 'Katherine Johnson'));

      // this browser joined as Katherine: it holds her token, as the join page leaves it
      await page.goto(`/event-list/${event.id}`);
      await page.evaluate(
        ([id, token]) => localStorage.setItem(`roomlist:registration-token:${id}`, token),
        [me.id, me.token],
      );
      await page.reload();
      await visible(attendee(page, 'Katherine Johnson').getByText(M.attendees.you));
      await attendee(page, 'Katherine Johnson').getByRole('link', { name: 'Edit your entry' }).click();
      await visible(page.getByText(myDataMessages.myData.title));
      await settled(page);
      await snap(page, 'my-data-phone');
      await page.setViewportSize(DESKTOP);
      await settled(page);
      await snap(page, 'my-data-desktop');
      await page.setViewportSize(PHONE);

      const json = await downloaded(page, `${M.privacy.downloadMyData}: ${myDataMessages.myData.asJson}`);
      expect(json.name).toBe('Summer Meetup - my data.json');
      const data = JSON.parse(json.text) as MyData;
      expect(data.entry).toMatchObject({
        id: me.id,
        first_name: 'Katherine',
        last_name: 'Johnson',
        email: 'katherine@example.com',
        phone: '+44 113 496 0000',
        headline: 'Orbital mechanics',
        photo_url: me.photo_url,
      });
      expect(data.choices).toEqual({
        contact_visibility: 'organiser',
        show_on_display: false,
        share_in_download: false,
      });
      expect(data.pins.map((p) => `${p.first_name} ${p.last_name}`)).toEqual(['Dorothy Vaughan', 'Mary Jackson']);
      expect(data.connections).toEqual([
        expect.objectContaining({ first_name: 'Mary', email: null, phone: null }),
        expect.objectContaining({ first_name: 'Dorothy', email: 'dorothy@example.com', phone: null }),
      ]);
      await visible(toast(page, M.success.downloadStarted).first());

      const csv = await downloaded(page, `${M.privacy.downloadMyData}: ${myDataMessages.myData.asCsv}`);
      expect(csv.name).toBe('Summer Meetup - my data.csv');
      const lines = csv.text
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(lines[0]).toMatch(/^"Record","First name","Last name","Email","Phone","Headline","Photo",/);
      expect(lines[1]).toContain(
        `"Me","Katherine","Johnson","katherine@example.com","'+44 113 496 0000","Orbital mechanics","${server.url}${me.photo_url}","${M.privacy.visibility.organiser}","No","No"`,
      );
      expect(lines.slice(2).map((l) => l.split(',').slice(0, 4).join(','))).toEqual([
        '"Pinned","Dorothy","Vaughan",""',
        '"Pinned","Mary","Jackson",""',
        '"Connection","Mary","Jackson",""',
        '"Connection","Dorothy","Vaughan","dorothy@example.com"',
      ]);

      // opened cold (not from the list, whose styles the card's dialog shares): every part is styled
      await page.reload();
      await page.getByRole('button', { name: M.privacy.removeMe }).click();
      const dialog = page.getByRole('dialog', { name: myDataMessages.myData.removeTitle });
      await visible(dialog.getByText(myDataMessages.myData.removeBody));
      await settled(page);
      expect(await unstyledClasses(page)).toEqual([]);
      await snap(page, 'my-data-confirm-phone');
      await dialog.getByRole('button', { name: myDataMessages.myData.removeConfirm }).click();
      await visible(page.getByRole('heading', { name: myDataMessages.myData.removedTitle }));
      await visible(page.getByText(myDataMessages.myData.removedBody));
      expect(await toast(page, M.success.downloadStarted).count()).toBe(0);
      await settled(page);
      await snap(page, 'my-data-removed-phone');

      // the other browser dropped the row without a reload
      await hidden(attendee(watcher.page, 'Katherine Johnson'));
      await visible(attendee(watcher.page, 'Dorothy Vaughan'));

      // then the list, as a visitor: no "(You)", no entry, and the token is forgotten
      await expect.poll(() => path(page), { timeout: 5_000 }).toBe(`/event-list/${event.id}`);
      await visible(toast(page, myDataMessages.myData.removedTitle));
      await visible(attendee(page, 'Dorothy Vaughan'));
      expect(await attendee(page, 'Katherine Johnson').count()).toBe(0);
      expect(await page.getByText(M.attendees.you).count()).toBe(0);
      expect(
        await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('registration-token'))),
      ).toEqual([]);
      const rows = await server.deps.db.selectFrom('event_registrations').select('id').execute();
      expect(rows.map((r) => r.id).sort()).toEqual([friend.id, shy.id].sort());
      expect((await fetch(`${server.url}${me.photo_url}`)).status).toBe(404);
      expect([...errors, ...watcher.errors]).toEqual([]);
    } finally {
      await watcher.context.close();
    }
  });
});
