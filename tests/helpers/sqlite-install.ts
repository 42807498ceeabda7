import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '#server/app';
import { loadConfig } from '#server/config';
import { eraseEvent } from '#server/features/gdpr/erase';
import { recordWebhookEvent } from '#server/features/payments/webhook-events.repo';
import { takeLease } from '#server/jobs/job-leases.repo';
import { fixedClock } from '#server/lib/clock';
import { eventForm, giveMembership, makeUser } from './factory';
import { tinyJpegBase64 } from './images';
import { browser, memoryMailer, signedInUser, T0 } from './test-deps';

/** The path of a test checkout URL (/test-checkout/{id}). */
const checkoutId = (url: string) => decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');

/**
 * A SQLite install as the app leaves it after some use, made through the app (its migrator, procedures
 * and repos) on a fixed clock: accounts and sessions, a bought membership, an event with attendees and
 * their photos, check-ins, door actions, a paid and prepared download, page views, a webhook record, a job lease and
 * an erased event. The app is closed when this returns, so the file is at rest.
 */
export async function sqliteInstall() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roomlist-install-'));
  const clock = fixedClock(T0);
  const mail = memoryMailer();
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test' });
  const app = await createApp(config, { clock, mailer: mail.mailer });
  const { deps } = app;
  const t = { deps, db: deps.db, clock, mail };
  const tick = () => clock.advance(1500);
  try {
    await makeUser(t, 'admin@example.com'); // the first account is the admin
    const signedIn = await signedInUser(t, { email: 'ada@example.com', first_name: 'Ada' }, '198.51.100.9');
    const ada = { ...signedIn.user, call: signedIn.b.call };
    const bob = await makeUser(t, 'bob@example.com');
    const anon = browser(deps, '203.0.113.77');

    const { url } = await (await ada.call()).membership.createSubscription();
    await (await anon.call()).payments.testCheckout.pay({ id: checkoutId(url) });
    await giveMembership(t, bob.id, 'one_time');

    const event = await (await ada.call()).events.create(
      eventForm({
        name: 'Tech Night at the Café “Ünïcode”',
        email_required: true,
        sponsor_enabled: true,
        sponsor_link_url: 'https://sponsor.example.com',
        sponsor_text: 'Brought to you by: ',
        download_enabled: true,
        download_price: 250,
        download_formats: ['csv', 'pdf'],
      }),
    );
    const people = [
      { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com', headline: 'Rear admiral', phone: '' },
      { first_name: 'Édith', last_name: 'Piaf', email: 'edith@example.com', headline: '', phone: '+33 1 23 45 67' },
      { first_name: 'Alan', last_name: "O'Turing", email: 'alan@example.com', headline: 'Codebreaker', phone: '' },
    ];
    const joined = [];
    for (const p of people) {
      const token = crypto.randomUUID();
      const r = await (await anon.call()).registrations.join({
        eventId: event.id,
        token,
        photo: await tinyJpegBase64(),
        ...p,
      });
      joined.push({ id: r.id, token });
      tick();
    }
    const organiser = await ada.call();
    await organiser.registrations.checkIn({ id: joined[0].id });
    await organiser.registrations.checkOut({ id: joined[0].id });
    tick();
    await organiser.door.sync({
      eventId: event.id,
      actions: [
        { id: crypto.randomUUID(), registrationId: joined[1].id, kind: 'check-in', at: clock.now().toISOString() },
      ],
    });

    const buyer = { eventId: event.id, registrationId: joined[2].id, registrationToken: joined[2].token };
    const download = await (await anon.call()).downloads.createPayment({ ...buyer, format: 'csv' });
    await (await anon.call()).payments.testCheckout.pay({ id: checkoutId(download.url) });
    await (await anon.call()).downloads.prepare({ ...buyer, format: 'csv', sessionId: checkoutId(download.url) });

    await (await anon.call()).analytics.pageView({ path: `/register/${event.id}`, referrer: 'https://t.co/x' });
    await (await ada.call()).analytics.pageView({ path: '/dashboard' });
    await recordWebhookEvent(deps.db, { id: 'evt_1', type: 'checkout.session.completed', now: T0 });
    // a lease left by a process that died mid-run
    await takeLease(deps.db, { name: 'gdpr-erase', holder: 'host-a:1234', now: T0, until: '2026-11-22T12:05:00.000Z' });

    // an erased event last: its log rows go, so the log's last seq is past the highest one left
    const past = await (await bob.call()).events.create(eventForm({ name: 'Last Year' }));
    await (await anon.call()).registrations.join({
      eventId: past.id,
      token: crypto.randomUUID(),
      photo: await tinyJpegBase64(),
      ...people[0],
    });
    await eraseEvent(deps, past.id);

    const list = await organiser.registrations.organiserList({ eventId: event.id });
    return {
      dataDir,
      file: path.join(dataDir, 'app.db'),
      /** the install's last moment: its sessions are still valid then */
      now: clock.now().toISOString(),
      eventId: event.id,
      ada: { id: ada.id, email: 'ada@example.com', password: signedIn.password, cookie: signedIn.b.cookie() },
      list,
      cleanUp: () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  } finally {
    await app.close();
  }
}
