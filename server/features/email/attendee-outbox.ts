import fs from 'node:fs/promises';
import path from 'node:path';
import { GDPR } from '#shared/constants';
import type { Config } from '../../config';
import type { Clock } from '../../lib/clock';
import type { Log } from '../../lib/log';
import type { AttendeeMailKey } from './mailer';

// Copies of mails to attendees in the outbox (no SMTP_URL): each is deleted with its event's erasure,
// with the attendee or someone it names (forgetAttendeeMail), and in any case once older than the backup
// window, so no copy outlives the attendee's data by more than a backup does (docs/follow-up-mail.md).
// Each file's name carries the event and the recipient; the entries it names are in its LISTS_HEADER.

export const outboxDir = (dataDir: string) => path.join(dataDir, 'outbox');

export const LISTS_HEADER = 'X-Roomlist-Lists';
const NAME = /-attendee_([^_]+)_([^_]+)\.eml$/;

type OutboxDeps = { config: Pick<Config, 'dataDir'>; log: Log };

/** `<stamp>-attendee_<eventId>_<registrationId>.eml`: sorts by time with the other mails. */
export const attendeeMailFile = (stamp: string, key: AttendeeMailKey) =>
  `${stamp}-attendee_${key.eventId}_${key.registrationId}.eml`;

type Found = { file: string; eventId: string; registrationId: string };

async function attendeeFiles(dataDir: string): Promise<Found[]> {
  const dir = outboxDir(dataDir);
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  return names.flatMap((name) => {
    const m = NAME.exec(name);
    return m ? [{ file: path.join(dir, name), eventId: m[1], registrationId: m[2] }] : [];
  });
}

/** The ids a stored mail names (its header, unfolded). */
async function listedIn(file: string): Promise<string[]> {
  const raw = await fs.readFile(file, 'utf8').catch(() => '');
  const head = raw.split(/\r?\n\r?\n/, 1)[0].replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${LISTS_HEADER.toLowerCase()}:`));
  return line
    ? line
        .slice(LISTS_HEADER.length + 1)
        .trim()
        .split(/\s+/)
    : [];
}

async function remove(deps: OutboxDeps, files: string[], why: string) {
  for (const file of files) await fs.rm(file, { force: true });
  if (files.length > 0) deps.log.info({ files: files.length, why }, 'attendee mails deleted from the outbox');
  return files.length;
}

/**
 * Deletes the outbox copies of mails to this attendee and of mails that name them (a connection's
 * follow-up). For "Remove me from this room": call it after the registration's deletion has committed
 * (a mail being written meanwhile deletes its own copy when it finds the entry gone). Returns how many.
 */
export async function forgetAttendeeMail(deps: OutboxDeps, eventId: string, registrationId: string) {
  const hits: string[] = [];
  for (const f of await attendeeFiles(deps.config.dataDir)) {
    if (f.eventId !== eventId) continue;
    if (f.registrationId === registrationId || (await listedIn(f.file)).includes(registrationId)) hits.push(f.file);
  }
  return remove(deps, hits, 'attendee removed');
}

/** Deletes the outbox copies of mails to this attendee only (a mail sent as its entry went). */
export async function forgetMailsTo(deps: OutboxDeps, eventId: string, registrationId: string) {
  const files = await attendeeFiles(deps.config.dataDir);
  const hits = files.filter((f) => f.eventId === eventId && f.registrationId === registrationId);
  return remove(
    deps,
    hits.map((f) => f.file),
    'entry gone while mailed',
  );
}

/** With the event's erasure: every outbox copy of a mail to its attendees. */
export async function forgetEventMail(deps: OutboxDeps, eventId: string) {
  const files = await attendeeFiles(deps.config.dataDir);
  return remove(
    deps,
    files.filter((f) => f.eventId === eventId).map((f) => f.file),
    'event erased',
  );
}

/** Every process's own outbox: attendee mails older than GDPR.BACKUP_KEEP_MS (by modification time). */
export async function pruneAttendeeOutbox(deps: OutboxDeps & { clock: Clock }) {
  const before = deps.clock.now().getTime() - GDPR.BACKUP_KEEP_MS;
  const old: string[] = [];
  for (const f of await attendeeFiles(deps.config.dataDir)) {
    const stat = await fs.stat(f.file).catch(() => undefined);
    if (stat?.isFile() && stat.mtimeMs < before) old.push(f.file);
  }
  return remove(deps, old, 'older than the backup window');
}
