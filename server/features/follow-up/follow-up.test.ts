import { afterEach, describe, expect, it } from 'vitest';
import { jobs, startScheduler } from '#server/jobs/scheduler';
import { followUpMailTexts as F } from '#shared/messages/follow-up-mail';
import { DUE_AT, ERASE_AT, followUpWorld } from '../../../tests/helpers/follow-up-world';
import { forgetAttendeeMail } from '../email/attendee-outbox';
import { eraseEvent } from '../gdpr/erase';
import { sendDueFollowUps } from './follow-up';

// docs/follow-up-mail.md: on the day before the erasure each attendee who gave an e-mail and has a
// connection gets one mail with their connections' contacts as each allowed, and when the data goes.

type World = Awaited<ReturnType<typeof followUpWorld>>;
let w: World;
afterEach(async () => w?.cleanup());

const followUpJob = jobs.find((j) => j.name === 'follow-up-mails')!;
const at = (iso: string) => w.clock.set(iso);
const run = () => followUpJob.run(w.deps);

/**
 * Ada is connected with Bea (who shares with the room), Cy (organiser only: name and headline) and Eli
 * (no e-mail). Dan pinned Ada, who did not pin back (no connection). Fay has no connection at all.
 */
async function room() {
  const ada = await w.join('Ada', { phone: '07700 900001', headline: 'Builds bridges' });
  const bea = await w.join('Bea', { phone: '07700 900002', headline: 'Paints', contact_visibility: 'room' });
  const cy = await w.join('Cy', { phone: '07700 900003', headline: 'Sails', contact_visibility: 'organiser' });
  const dan = await w.join('Dan', { phone: '07700 900004', contact_visibility: 'room' });
  const eli = await w.join('Eli', { email: '', phone: '07700 900005' });
  const fay = await w.join('Fay', { phone: '07700 900006', contact_visibility: 'room' });
  await w.connect(ada, bea);
  await w.connect(ada, cy);
  await w.connect(ada, eli);
  await w.pin(dan, ada);
  await w.pin(fay, dan);
  return { ada, bea, cy, dan, eli, fay };
}

describe('the follow-up mail', () => {
  it('goes the day before the erasure, not earlier, to each connected attendee with an e-mail', async () => {
    w = await followUpWorld();
    const p = await room();

    at('2026-11-29T21:00:00.000Z'); // two days before
    await run();
    at('2026-11-30T20:59:59.999Z'); // a moment before the day before
    await run();
    expect(w.outbox()).toEqual([]);
    expect(await w.states()).toEqual([]);

    at(DUE_AT);
    await run();
    const to = w.outbox().map((m) => m.to);
    expect(to.sort()).toEqual([p.ada.id, p.bea.id, p.cy.id].sort());
    // Dan (one-sided pin), Eli (no e-mail), Fay (no connection): nothing
    for (const r of [p.dan, p.eli, p.fay]) expect(w.mailTo(r)).toEqual([]);
    expect((await w.states()).map((s) => s.status)).toEqual(['sent', 'sent', 'sent']);
  });

  it("lists each connection's contacts as they allowed, and none of anyone else's", async () => {
    w = await followUpWorld();
    const p = await room();
    at(DUE_AT);
    await run();

    const [mail] = w.mailTo(p.ada);
    expect(mail.text).toMatch(/^To: ada@example\.com$/m);
    expect(mail.text).toContain(`Subject: ${F.subject('Tech Night')}`);
    expect(mail.text).toContain(F.greeting('Ada'));
    expect(mail.text).toContain(F.intro('Tech Night', 'Friday, 27 November 2026'));
    // Bea shares with the room: name, headline, e-mail and phone
    expect(mail.text).toContain('Bea Quux\nPaints\nE-mail: bea@example.com\nPhone: 07700 900002');
    // Cy chose the organiser only: name and headline, no contacts
    expect(mail.text).toContain(`Cy Quux\nSails\n${F.organiserOnly}`);
    expect(mail.text).not.toContain('cy@example.com');
    expect(mail.text).not.toContain('07700 900003');
    // Eli shares with connections but gave no e-mail: the phone
    expect(mail.text).toContain('Eli Quux\nPhone: 07700 900005');
    // Dan pinned Ada one-sidedly; Fay is a stranger
    for (const s of ['Dan', 'dan@example.com', '07700 900004', 'Fay', 'fay@example.com', '07700 900006']) {
      expect(mail.text).not.toContain(s);
    }
    expect(mail.text).toContain(F.deletion('Tuesday, 1 December 2026 at 21:00 (UTC)'));
    expect(mail.text).toContain(`/event-list/${w.eventId}`);
    // the HTML part escapes and carries the same
    expect(mail.text).toContain('<a href="mailto:bea@example.com">bea@example.com</a>');

    // Cy's mail lists Ada, whose default is "People I connect with": Cy is one
    const [cys] = w.mailTo(p.cy);
    expect(cys.text).toContain('Ada Quux\nBuilds bridges\nE-mail: ada@example.com\nPhone: 07700 900001');
    expect(cys.text).not.toContain('Bea');
  });

  it("is due at the erasure's local time one calendar day before, in the event's zone", async () => {
    w = await followUpWorld();
    const p = await room();
    // erased Monday 29 March 2027 at 00:30 BST: followed up from Sunday 00:30 GMT, 23 hours before
    await w.db
      .updateTable('events')
      .set({ time_zone: 'Europe/London', scheduled_deletion_date: '2027-03-28T23:30:00.000Z' })
      .where('id', '=', w.eventId)
      .execute();
    at('2027-03-28T00:29:59.000Z'); // 24 hours before: due in UTC, not yet in London
    await run();
    expect(w.outbox()).toEqual([]);
    at('2027-03-28T00:30:00.000Z');
    await run();
    expect(w.mailTo(p.ada)).toHaveLength(1);
    expect(w.mailTo(p.ada)[0].text).toContain(F.deletion('Monday, 29 March 2027 at 00:30 (Europe/London)'));
  });

  it('is sent once: the job run again, later, twice at once, or by two schedulers', async () => {
    w = await followUpWorld();
    const p = await room();
    at(DUE_AT);
    await Promise.all([sendDueFollowUps(w.deps), sendDueFollowUps(w.deps)]);
    expect(w.outbox()).toHaveLength(3);
    w.clock.advance(6 * 60 * 60_000);
    const a = startScheduler(w.deps, [followUpJob]);
    const b = startScheduler(w.deps, [followUpJob]);
    await Promise.all([a.firstRun, b.firstRun]);
    await Promise.all([a(), b()]);
    await run();
    expect(w.outbox()).toHaveLength(3);
    expect(w.mailTo(p.ada)).toHaveLength(1);
    expect((await w.states()).map((s) => [s.status, s.attempts, s.sent_at])).toEqual([
      ['sent', 1, DUE_AT],
      ['sent', 1, DUE_AT],
      ['sent', 1, DUE_AT],
    ]);
  });

  it('reaches someone who connects later in the day; someone who unpinned gets nothing', async () => {
    w = await followUpWorld();
    const p = await room();
    await w.db.deleteFrom('attendee_pins').where('pinner_id', '=', p.cy.id).execute(); // Cy unpinned Ada
    at(DUE_AT);
    await run();
    expect(w.mailTo(p.cy)).toEqual([]);
    expect(w.mailTo(p.ada)[0].text).not.toContain('Cy Quux');
    w.clock.advance(3 * 60 * 60_000);
    await w.pin(p.ada, p.dan); // Dan's pin is returned: a connection on the last day
    await run();
    expect(w.mailTo(p.dan)).toHaveLength(1);
    expect(w.mailTo(p.dan)[0].text).toContain('Ada Quux');
    expect(w.mailTo(p.ada)).toHaveLength(1); // Ada had hers: one mail per attendee
  });
});

describe('the follow-up and the erasure', () => {
  it('nothing is sent after the erasure; it takes the state rows and the outbox copies with it', async () => {
    w = await followUpWorld();
    await room();
    at(DUE_AT);
    await run();
    expect(w.outbox()).toHaveLength(3);

    at(ERASE_AT);
    await jobs.find((j) => j.name === 'gdpr-erase')!.run(w.deps);
    expect(w.outbox()).toEqual([]);
    expect(await w.states()).toEqual([]);
    w.clock.advance(60_000);
    await run();
    expect(w.outbox()).toEqual([]);
  });

  it('stops at the erasure time, even before the erasure job has run', async () => {
    w = await followUpWorld();
    await room();
    at(ERASE_AT); // the server was down all day: the erasure is due, the mail no longer is
    await run();
    expect(w.outbox()).toEqual([]);
  });

  it('never mails a room erased early', async () => {
    w = await followUpWorld();
    await room();
    at('2026-11-30T09:00:00.000Z');
    await eraseEvent(w.deps, w.eventId); // the organiser's "Delete Attendee Data Now"
    at(DUE_AT);
    await run();
    expect(w.outbox()).toEqual([]);
    expect(await w.states()).toEqual([]);
  });

  it('an erasure that commits while mails are being sent leaves no copy and stops the rest', async () => {
    let erased = false;
    w = await followUpWorld({
      mailer: (real) => ({
        mode: real.mode,
        send: async (mail) => {
          // the organiser erases the room between the first mail's claim and its writing
          if (!erased) {
            erased = true;
            await eraseEvent(w.deps, w.eventId);
          }
          await real.send(mail);
        },
      }),
    });
    await room();
    at(DUE_AT);
    await run();
    expect(w.outbox()).toEqual([]);
    expect(await w.states()).toEqual([]);
  });

  it('a connection who removes themselves while a mail naming them is written leaves no copy of it', async () => {
    let gone: { id: string } | undefined;
    let adaId = '';
    w = await followUpWorld({
      mailer: (real) => ({
        mode: real.mode,
        send: async (mail) => {
          // "Remove me from this room" by Cy commits, and cleans the outbox, as Ada's mail is being written
          if (mail.attendee?.registrationId === adaId && gone) {
            await w.db.deleteFrom('event_registrations').where('id', '=', gone.id).execute();
            await forgetAttendeeMail(w.deps, w.eventId, gone.id);
          }
          await real.send(mail);
        },
      }),
    });
    const p = await room();
    adaId = p.ada.id;
    gone = p.cy;
    at(DUE_AT);
    await run();
    expect(w.mailTo(p.ada)).toEqual([]);
    expect(w.mailTo(p.cy)).toEqual([]);
    expect(w.mailTo(p.bea)).toHaveLength(1); // Bea's names only Ada
    expect(w.outbox().some((m) => m.text.includes('Cy Quux'))).toBe(false);
  });
});
