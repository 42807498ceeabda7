import { beforeAll, describe, expect, it } from 'vitest';
import { PAYMENTS } from '#shared/constants';
import { M } from '#shared/messages';
import {
  client,
  clock,
  dl,
  payOnTestCheckout,
  refusal,
  server,
  withDownloadsServer,
} from '../helpers/downloads-server';
import { fetchFile, insertEvent, joinEvent, parseCsv } from '../helpers/downloads-world';
import { startTestServer } from '../helpers/server';

// Paid attendee-list downloads over real HTTP (spec §4 post-payment download, §7 create-download-payment /
// verify-download-payment; issue 9 items 3, 4, 6): the built-in test checkout paid as a payer would, the
// list verified and served once paid, and PAYMENTS=off where every list is free.

withDownloadsServer();

describe('paid download on the built-in test checkout', () => {
  let eventId: string;
  let buyer: Awaited<ReturnType<typeof joinEvent>>;
  let input: { eventId: string; format: 'csv'; registrationId: string; registrationToken: string };

  beforeAll(async () => {
    eventId = await insertEvent(server, { name: 'Paid Night', download_price: 999 });
    buyer = await joinEvent(server, eventId, { first_name: 'Grace', last_name: 'Hopper', headline: 'Compilers' });
    await joinEvent(server, eventId, { first_name: 'Alan', last_name: 'Turing', headline: 'Machines' });
    input = { eventId, format: 'csv', registrationId: buyer.registrationId, registrationToken: buyer.token };
  });

  const revenue = () =>
    server.deps.db.selectFrom('download_revenue').selectAll().where('event_id', '=', eventId).executeTakeFirst();
  const purchases = () =>
    server.deps.db.selectFrom('download_purchases').selectAll().where('event_id', '=', eventId).execute();

  it('refuses a checkout to a browser without the token', async () => {
    const r = await refusal(dl().createPayment.mutate({ ...input, registrationToken: crypto.randomUUID() }));
    expect(r.message).toBe(M.downloads.notRegistered);
  });

  it('refuses the file without a session, and with an unpaid one', async () => {
    expect((await refusal(dl().prepare.mutate(input))).message).toBe(M.downloads.paymentVerificationFailed);
    const { url } = await dl().createPayment.mutate(input);
    const unpaid = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
    expect((await refusal(dl().prepare.mutate({ ...input, sessionId: unpaid }))).message).toBe(
      M.downloads.paymentVerificationFailed,
    );
    expect((await refusal(dl().prepare.mutate({ ...input, sessionId: 'cs_made_up' }))).message).toBe(
      M.downloads.paymentVerificationFailed,
    );
    expect(await purchases()).toEqual([]);
  });

  it('pay → back on the list with download=success → verified → the CSV of the attendees; counted once', async () => {
    const { url } = await dl().createPayment.mutate(input);
    expect(url.startsWith(`${server.url}${PAYMENTS.TEST_CHECKOUT_PATH}/`)).toBe(true);
    const { back, sessionId } = await payOnTestCheckout(url);
    expect(back.pathname).toBe(`/event-list/${eventId}`);
    expect(back.searchParams.get('download')).toBe('success');
    expect(back.searchParams.get('format')).toBe('csv');

    const r = await dl().prepare.mutate({ ...input, sessionId });
    const rows = parseCsv((await fetchFile(server, r.downloadUrl)).bytes.toString('utf8'));
    expect(rows.map((row) => [row[0], row[1], row[2]])).toEqual([
      ['First name', 'Last name', 'Headline'],
      ['Alan', 'Turing', 'Machines'],
      ['Grace', 'Hopper', 'Compilers'],
    ]);

    // The same paid session downloads again (a lost file, a second device of the same browser profile)…
    await dl().prepare.mutate({ ...input, sessionId });
    // …and the money is counted once: the test checkout's Pay fulfilled it, the two verifications did not.
    const bought = await purchases();
    expect(bought).toHaveLength(1);
    expect(bought[0]).toMatchObject({
      registration_id: buyer.registrationId,
      format: 'csv',
      amount_paid: 999,
      payment_session_id: sessionId,
    });
    // shared/money splitRevenue: the organiser's 50% rounded down, the platform keeps the odd penny.
    expect(await revenue()).toMatchObject({
      total_revenue: 999,
      organizer_share: 499,
      witr_share: 500,
      download_count: 1,
      payout_status: 'pending',
      last_download: clock.now().toISOString(),
    });
  });

  it('a paid session does not open another event, another format or another registration', async () => {
    const { url } = await dl().createPayment.mutate(input);
    const { sessionId } = await payOnTestCheckout(url);
    const other = await insertEvent(server, { download_price: 999 });
    const there = await joinEvent(server, other, { first_name: 'Ada', last_name: 'Lovelace' });
    const friend = await joinEvent(server, eventId, { first_name: 'Bob', last_name: 'Friend' });
    const cases: { eventId: string; format: 'csv' | 'pdf'; registrationId: string; registrationToken: string }[] = [
      { eventId: other, format: 'csv', registrationId: there.registrationId, registrationToken: there.token },
      { ...input, format: 'pdf' },
      { ...input, registrationId: friend.registrationId, registrationToken: friend.token },
    ];
    for (const c of cases) {
      expect((await refusal(dl().prepare.mutate({ ...c, sessionId }))).message).toBe(
        M.downloads.paymentVerificationFailed,
      );
    }
  });

  it('a cancelled checkout returns with download=cancelled and records nothing', async () => {
    const before = (await purchases()).length;
    const { url } = await dl().createPayment.mutate(input);
    const id = decodeURIComponent(new URL(url).pathname.slice(PAYMENTS.TEST_CHECKOUT_PATH.length + 1));
    const { redirectUrl } = await client.trpc.payments.testCheckout.cancel.mutate({ id });
    expect(new URL(redirectUrl).search).toBe('?download=cancelled');
    expect(await purchases()).toHaveLength(before);
  });
});

describe('PAYMENTS=off: a self-hosted install where every list is free', () => {
  it('downloads a priced list with the token alone, and never opens a checkout', async () => {
    const off = await startTestServer({ env: { PAYMENTS: 'off' } });
    const c = off.client();
    try {
      const eventId = await insertEvent(off, { download_price: 2500 });
      const me = await joinEvent(off, eventId, { first_name: 'Grace', last_name: 'Hopper' });
      const input = { eventId, format: 'csv' as const, registrationId: me.registrationId, registrationToken: me.token };
      expect((await refusal(c.trpc.downloads.createPayment.mutate(input))).message).toBe(M.downloads.noPaymentNeeded);
      const wrong = { ...input, registrationToken: crypto.randomUUID() };
      expect((await refusal(c.trpc.downloads.prepare.mutate(wrong))).message).toBe(M.downloads.notRegistered);
      const r = await c.trpc.downloads.prepare.mutate(input);
      expect(parseCsv((await fetchFile(off, r.downloadUrl)).bytes.toString('utf8'))[1].slice(0, 2)).toEqual([
        'Grace',
        'Hopper',
      ]);
      expect(await off.deps.db.selectFrom('download_purchases').selectAll().execute()).toEqual([]);
    } finally {
      c.close();
      await off.stop();
    }
  });
});
