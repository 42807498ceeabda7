import { describe, expect, it } from 'vitest';
import { DOWNLOADS } from '#shared/constants';
import { M } from '#shared/messages';
import { clock, dl, refusal, server, withDownloadsServer } from '../helpers/downloads-server';
import { fetchFile, insertEvent, joinEvent, parseCsv } from '../helpers/downloads-world';

// Costs of attendee-list downloads over real HTTP (issue 9 review M1, M2): a list prepared again while
// it has not changed hands back the file already built; checkouts are counted per registration.

withDownloadsServer();

describe('prepare: the same unchanged list is built once', () => {
  it('hands back the held file until the list changes; another format or registration gets its own', async () => {
    const eventId = await insertEvent(server, { download_price: 0, download_formats: ['csv', 'pdf'] });
    const grace = await joinEvent(server, eventId, { first_name: 'Grace', last_name: 'Hopper' });
    const alan = await joinEvent(server, eventId, { first_name: 'Alan', last_name: 'Turing' });
    const as = (j: typeof grace, format: 'csv' | 'pdf' = 'csv') =>
      dl().prepare.mutate({ eventId, format, registrationId: j.registrationId, registrationToken: j.token });

    const first = await as(grace);
    const again = await as(grace);
    expect(again.downloadUrl).toBe(first.downloadUrl);

    expect((await as(grace, 'pdf')).downloadUrl).not.toBe(first.downloadUrl);
    expect((await as(alan)).downloadUrl).not.toBe(first.downloadUrl);

    // A new attendee changes the list: a new file, holding them.
    await joinEvent(server, eventId, { first_name: 'Ada', last_name: 'Lovelace' });
    const changed = await as(grace);
    expect(changed.downloadUrl).not.toBe(first.downloadUrl);
    const names = parseCsv((await fetchFile(server, changed.downloadUrl)).bytes.toString('utf8'))
      .slice(1)
      .map((r) => r[0]);
    expect(names).toEqual(['Ada', 'Alan', 'Grace']);
  });

  it('renews the reused link: it still works a full FILE_TTL_MS after the second prepare', async () => {
    const eventId = await insertEvent(server, { download_price: 0 });
    const grace = await joinEvent(server, eventId, { first_name: 'Grace', last_name: 'Hopper' });
    const input = {
      eventId,
      format: 'csv' as const,
      registrationId: grace.registrationId,
      registrationToken: grace.token,
    };
    const { downloadUrl } = await dl().prepare.mutate(input);
    clock.advance(DOWNLOADS.FILE_TTL_MS - 1000);
    expect((await dl().prepare.mutate(input)).downloadUrl).toBe(downloadUrl);
    clock.advance(DOWNLOADS.FILE_TTL_MS - 1000);
    expect((await fetchFile(server, downloadUrl)).res.status).toBe(200);
  });
});

describe('createPayment: checkouts are counted per registration', () => {
  it(`allows ${DOWNLOADS.CHECKOUT_RATE_LIMIT.MAX_ATTEMPTS} in the window, refuses the next with the minutes to wait`, async () => {
    const eventId = await insertEvent(server, { download_price: 500 });
    const grace = await joinEvent(server, eventId, { first_name: 'Grace', last_name: 'Hopper' });
    const alan = await joinEvent(server, eventId, { first_name: 'Alan', last_name: 'Turing' });
    const as = (j: typeof grace) =>
      dl().createPayment.mutate({
        eventId,
        format: 'csv',
        registrationId: j.registrationId,
        registrationToken: j.token,
      });
    const checkouts = async () => (await server.deps.db.selectFrom('test_checkouts').select('id').execute()).length;

    const start = await checkouts();
    for (let i = 0; i < DOWNLOADS.CHECKOUT_RATE_LIMIT.MAX_ATTEMPTS; i++) await as(grace);
    expect(await refusal(as(grace))).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: M.payments.tooManyCheckouts(DOWNLOADS.CHECKOUT_RATE_LIMIT.LOCKOUT_MS / 60_000),
    });
    expect(await checkouts()).toBe(start + DOWNLOADS.CHECKOUT_RATE_LIMIT.MAX_ATTEMPTS);

    await expect(as(alan)).resolves.toHaveProperty('url'); // another registration has its own count
    clock.advance(DOWNLOADS.CHECKOUT_RATE_LIMIT.LOCKOUT_MS);
    await expect(as(grace)).resolves.toHaveProperty('url');
  });
});
