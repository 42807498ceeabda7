import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { loadConfig } from '#server/config';
import { createDeps } from '#server/deps';
import { outboxDir } from '#server/features/email/attendee-outbox';
import type { Mailer } from '#server/features/email/mailer';
import { createOutboxMailer } from '#server/features/email/outbox-mailer';
import { createSmtpMailer } from '#server/features/email/smtp-mailer';
import { fixedClock } from '#server/lib/clock';
import { createLog } from '#server/lib/log';
import type { ContactVisibility } from '#shared/schemas/registrations';
import { insertBareEvent } from './bare-event';
import { openTestDb } from './test-db';
import { browser, T0 } from './test-deps';

// The follow-up mail's world: a real database (SQLite in memory, or PostgreSQL under test:pg), a real
// DATA_DIR whose outbox the real outbox mailer writes (or SMTP_URL's server), a fixed clock at T0
// (Sunday 22 November 2026, 12:00 UTC) and one event on Friday 27 November ending 21:00, so erased on
// Tuesday 1 December at 21:00 UTC and followed up from Monday 30 November at 21:00 UTC.

export const ERASE_AT = '2026-12-01T21:00:00.000Z';
export const DUE_AT = '2026-11-30T21:00:00.000Z';

let photo: string | undefined;

export async function followUpWorld(o: { env?: Record<string, string>; mailer?: (real: Mailer) => Mailer } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roomlist-follow-up-'));
  const db = await openTestDb();
  const clock = fixedClock(T0);
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...o.env });
  const log = createLog('silent');
  const real = config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom, log)
    : createOutboxMailer(outboxDir(dataDir), config.mailFrom, log, clock);
  const deps = createDeps({ config, db, log }, { clock, mailer: o.mailer ? o.mailer(real) : real });
  const { eventId } = await insertBareEvent(db, T0, {
    name: 'Tech Night',
    event_date: '2026-11-27',
    end_time: '21:00',
    scheduled_deletion_date: ERASE_AT,
  });
  photo ??= (
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#369' } })
      .jpeg()
      .toBuffer()
  ).toString('base64');

  let n = 0;
  /** Joins through the real procedure, from a browser of its own. */
  const join = async (
    first_name: string,
    c: { email?: string; phone?: string; headline?: string; contact_visibility?: ContactVisibility } = {},
  ) => {
    n += 1;
    const api = (await browser(deps, `198.51.100.${n}`).call()).registrations;
    return api.join({
      eventId,
      token: crypto.randomUUID(),
      first_name,
      last_name: 'Quux',
      email: c.email ?? `${first_name.toLowerCase()}@example.com`,
      phone: c.phone ?? '',
      headline: c.headline ?? '',
      photo,
      contact_visibility: c.contact_visibility,
    });
  };
  type Entry = { id: string };
  // a pin as the pins procedure stores it (written here: the procedure is not what these tests are about)
  const pin = (from: Entry, to: Entry) =>
    db
      .insertInto('attendee_pins')
      .values({ event_id: eventId, pinner_id: from.id, pinned_id: to.id, created_at: clock.now().toISOString() })
      .execute();
  const connect = async (a: Entry, b: Entry) => {
    await pin(a, b);
    await pin(b, a);
  };

  /** The attendee mails in the outbox: to whom (registration id), and the message decoded. */
  const outbox = () => {
    const dir = outboxDir(dataDir);
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir)
      .sort()
      .flatMap((name) => {
        const m = /-attendee_([^_]+)_([^_]+)\.eml$/.exec(name);
        if (!m) return [];
        return [{ name, eventId: m[1], to: m[2], text: decodeEml(fs.readFileSync(path.join(dir, name))) }];
      });
  };
  const mailTo = (r: Entry) => outbox().filter((m) => m.to === r.id);
  const states = () =>
    db
      .selectFrom('follow_up_mails')
      .select(['registration_id', 'status', 'attempts', 'next_attempt_at', 'sent_at'])
      .orderBy('registration_id')
      .execute();

  return {
    db,
    deps,
    clock,
    config,
    dataDir,
    eventId,
    join,
    pin,
    connect,
    outbox,
    mailTo,
    states,
    cleanup: async () => {
      await deps.images.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A message as a reader sees it: quoted-printable soft breaks joined, its bytes decoded, lines ending \n. */
export function decodeEml(raw: Buffer | string): string {
  const text = raw.toString().replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text[i] === '=' ? /^[0-9A-F]{2}/.exec(text.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(Number.parseInt(hex[0], 16));
      i += 2;
    } else bytes.push(...Buffer.from(text[i]));
  }
  return Buffer.from(bytes).toString('utf8').replace(/\r\n/g, '\n');
}
