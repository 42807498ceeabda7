import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { jobs, startScheduler } from '#server/jobs/scheduler';
import { GDPR } from '#shared/constants';
import { DUE_AT, followUpWorld } from '../../../tests/helpers/follow-up-world';
import { forgetAttendeeMail, outboxDir } from './attendee-outbox';
import { templates } from './templates';

// docs/follow-up-mail.md: with no SMTP_URL, no copy of a mail to an attendee outlives the backup window
// (GDPR.BACKUP_KEEP_MS), the event's erasure, or the attendee's own removal.

type World = Awaited<ReturnType<typeof followUpWorld>>;
let w: World;
afterEach(async () => w?.cleanup());

const job = (name: string) => jobs.find((j) => j.name === name)!;
const files = () => (fs.existsSync(outboxDir(w.dataDir)) ? fs.readdirSync(outboxDir(w.dataDir)).sort() : []);
const outboxBytes = () =>
  Buffer.concat(files().map((f) => fs.readFileSync(path.join(outboxDir(w.dataDir), f)))).toString();

/** Ada ↔ Bea, Ada ↔ Cy, Bea ↔ Dee: each of the four gets a mail; Ada's names Bea and Cy. */
async function mailed() {
  const ada = await w.join('Ada', { phone: '07700 900001' });
  const bea = await w.join('Bea', { phone: '07700 900002' });
  const cy = await w.join('Cy', { phone: '07700 900333', headline: 'Cy only', contact_visibility: 'room' });
  const dee = await w.join('Dee', { phone: '07700 900004' });
  await w.connect(ada, bea);
  await w.connect(ada, cy);
  await w.connect(bea, dee);
  // an organiser's account mail in the same outbox
  await w.deps.mailer.send(templates.resetPassword('Roomlist', 'owner@example.com', 'http://localhost/auth?x'));
  w.clock.set(DUE_AT);
  await job('follow-up-mails').run(w.deps);
  expect(w.outbox()).toHaveLength(4);
  return { ada, bea, cy, dee };
}

describe('attendee mails in the outbox', () => {
  it('are named by event and recipient, and their log lines carry ids, not addresses', async () => {
    const lines: string[] = [];
    w = await followUpWorld();
    const log = w.deps.log as unknown as { info: (o: object, m?: string) => void };
    log.info = (o, m) => void lines.push(`${JSON.stringify(o)} ${m}`);
    const { ada } = await mailed();
    expect(files().filter((f) => f.endsWith(`-attendee_${w.eventId}_${ada.id}.eml`))).toHaveLength(1);
    const said = lines.join('\n');
    expect(said).toContain(ada.id);
    expect(said).toContain('owner@example.com'); // an account mail logs its address, as before
    for (const a of ['ada@', 'bea@', 'cy@', 'dee@']) expect(said).not.toContain(a);
  });

  it('forgetAttendeeMail deletes mails to the attendee and mails naming them, and nothing else', async () => {
    w = await followUpWorld();
    const p = await mailed();
    // "Remove me from this room": the entry goes, then its mails
    await w.db.deleteFrom('event_registrations').where('id', '=', p.cy.id).execute();
    expect(await forgetAttendeeMail(w.deps, w.eventId, p.cy.id)).toBe(2);
    expect(
      w
        .outbox()
        .map((m) => m.to)
        .sort(),
    ).toEqual([p.bea.id, p.dee.id].sort());
    for (const s of ['Cy Quux', 'cy@example.com', '07700 900333', 'Cy only', p.cy.id]) {
      expect(outboxBytes().includes(s), s).toBe(false);
    }
    expect(files().filter((f) => !f.includes('-attendee_'))).toHaveLength(1); // the account mail stays
    expect(await forgetAttendeeMail(w.deps, crypto.randomUUID(), p.bea.id)).toBe(0); // another event's: none
  });

  it('are deleted once older than the backup window; other mails stay', async () => {
    w = await followUpWorld();
    await mailed();
    const retention = job('attendee-outbox-retention');
    w.clock.set(new Date(new Date(DUE_AT).getTime() + GDPR.BACKUP_KEEP_MS));
    await retention.run(w.deps);
    expect(w.outbox()).toHaveLength(4);
    w.clock.advance(1);
    await retention.run(w.deps);
    expect(w.outbox()).toEqual([]);
    expect(files()).toHaveLength(1);
  });

  it("every process prunes its own outbox: the retention job runs in each, without the jobs' lease", async () => {
    w = await followUpWorld();
    expect(job('attendee-outbox-retention').perProcess).toBe(true);
    let runs = 0;
    let finish = () => {};
    const held = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const counting = {
      ...job('attendee-outbox-retention'),
      run: () => {
        runs += 1;
        return held;
      },
    };
    const a = startScheduler(w.deps, [counting]);
    const b = startScheduler(w.deps, [counting]);
    await expect.poll(() => runs).toBe(2);
    finish();
    await Promise.all([a.firstRun, b.firstRun, a(), b()]);
  });
});
