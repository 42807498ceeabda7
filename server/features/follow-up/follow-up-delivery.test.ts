import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '#server/jobs/scheduler';
import { startFakeSmtp } from '../../../tests/fakes/smtp';
import { DUE_AT, decodeEml, ERASE_AT, followUpWorld } from '../../../tests/helpers/follow-up-world';
import { FOLLOW_UP } from '../../constants';
import { retryDelayMs } from './follow-up';

// docs/follow-up-mail.md: a send that fails is tried again later, a bounded number of times; a claim
// whose process died is taken again once it runs out. The mail still goes once.

type World = Awaited<ReturnType<typeof followUpWorld>>;
let w: World;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
beforeAll(async () => {
  smtp = await startFakeSmtp();
});
afterAll(() => smtp.stop());
afterEach(async () => {
  smtp.refuse(0);
  smtp.received.length = 0;
  await w?.cleanup();
});

const run = () => jobs.find((j) => j.name === 'follow-up-mails')!.run(w.deps);
const at = (iso: string, plusMs = 0) => w.clock.set(new Date(new Date(iso).getTime() + plusMs));
const viaSmtp = () => followUpWorld({ env: { SMTP_URL: smtp.url, BASE_URL: 'https://rooms.example.com' } });

/** Ada and Bea are connected; Cy has no connection. */
async function twoConnected() {
  const ada = await w.join('Ada', { phone: '07700 900001' });
  const bea = await w.join('Bea', { phone: '07700 900002', contact_visibility: 'room' });
  await w.join('Cy');
  await w.connect(ada, bea);
  return { ada, bea };
}

describe('delivery of the follow-up mail', () => {
  it('a send the mail server refuses is tried again later, and then delivered once', async () => {
    w = await viaSmtp();
    await twoConnected();
    smtp.refuse();
    at(DUE_AT);
    await run();
    expect(smtp.refused()).toBe(2);
    expect(smtp.received).toEqual([]);
    expect((await w.states()).map((s) => [s.status, s.attempts, s.next_attempt_at])).toEqual([
      ['pending', 1, new Date(new Date(DUE_AT).getTime() + FOLLOW_UP.RETRY_FIRST_MS).toISOString()],
      ['pending', 1, new Date(new Date(DUE_AT).getTime() + FOLLOW_UP.RETRY_FIRST_MS).toISOString()],
    ]);

    smtp.refuse(0); // the relay is back, but the next try is not due yet
    at(DUE_AT, FOLLOW_UP.RETRY_FIRST_MS - 1);
    await run();
    expect(smtp.received).toEqual([]);

    at(DUE_AT, FOLLOW_UP.RETRY_FIRST_MS);
    await run();
    await run();
    expect(smtp.received.map((m) => m.to).sort()).toEqual([['ada@example.com'], ['bea@example.com']]);
    const toAda = decodeEml(smtp.received.find((m) => m.to[0] === 'ada@example.com')!.raw);
    expect(toAda).toContain('Bea Quux\nE-mail: bea@example.com\nPhone: 07700 900002');
    expect(toAda).toContain('https://rooms.example.com/event-list/');
    expect(toAda).not.toContain('X-Roomlist-Lists'); // the outbox's own note does not travel
    expect((await w.states()).map((s) => [s.status, s.attempts])).toEqual([
      ['sent', 2],
      ['sent', 2],
    ]);
  });

  it(`gives up after ${FOLLOW_UP.MAX_ATTEMPTS} attempts, each later than the one before`, async () => {
    w = await viaSmtp();
    await twoConnected();
    smtp.refuse();
    const base = smtp.refused();
    const tries = () => smtp.refused() - base;
    let t = new Date(DUE_AT).getTime();
    for (let attempt = 1; attempt <= FOLLOW_UP.MAX_ATTEMPTS; attempt++) {
      w.clock.set(new Date(t - 1)); // not yet
      await run();
      expect(tries()).toBe(2 * (attempt - 1));
      w.clock.set(new Date(t));
      await run();
      expect(tries()).toBe(2 * attempt);
      t += retryDelayMs(attempt);
    }
    expect((await w.states()).map((s) => [s.status, s.attempts])).toEqual([
      ['failed', FOLLOW_UP.MAX_ATTEMPTS],
      ['failed', FOLLOW_UP.MAX_ATTEMPTS],
    ]);
    smtp.refuse(0);
    at(ERASE_AT, -1);
    await run();
    expect(tries()).toBe(2 * FOLLOW_UP.MAX_ATTEMPTS);
    expect(smtp.received).toEqual([]);
    expect(retryDelayMs(1)).toBe(FOLLOW_UP.RETRY_FIRST_MS);
    expect(retryDelayMs(20)).toBe(FOLLOW_UP.RETRY_MAX_MS);
  });

  it('a claim left by a process that died is taken again once it runs out', async () => {
    w = await followUpWorld();
    const { ada } = await twoConnected();
    at(DUE_AT);
    // a process claimed Ada's mail at DUE_AT and died before sending it
    await w.db
      .insertInto('follow_up_mails')
      .values({
        registration_id: ada.id,
        event_id: w.eventId,
        status: 'sending',
        attempts: 1,
        next_attempt_at: new Date(new Date(DUE_AT).getTime() + FOLLOW_UP.CLAIM_MS).toISOString(),
        sent_at: null,
      })
      .execute();
    await run();
    expect(w.mailTo(ada)).toEqual([]);
    expect(w.outbox()).toHaveLength(1); // Bea's
    at(DUE_AT, FOLLOW_UP.CLAIM_MS);
    await run();
    expect(w.mailTo(ada)).toHaveLength(1);
    expect((await w.states()).find((s) => s.registration_id === ada.id)).toMatchObject({ status: 'sent', attempts: 2 });
  });
});
