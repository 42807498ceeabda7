import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { type Clock, systemClock } from '../../lib/clock';
import type { Log } from '../../lib/log';
import { PRIVATE } from '../../lib/private-files';
import { attendeeMailFile, LISTS_HEADER } from './attendee-outbox';
import type { Mailer } from './mailer';

/**
 * The embedded default: each message becomes an .eml file in DATA_DIR/outbox and its link goes to the log.
 * An attendee's mail is dated by the clock (it is deleted by its age: ./attendee-outbox.ts).
 */
export function createOutboxMailer(dir: string, from: string, log: Log, clock: Clock = systemClock): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    mode: 'outbox',
    async send(mail) {
      const info = await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.attendee ? { [LISTS_HEADER]: mail.attendee.lists.join(' ') } : undefined,
      });
      await fs.mkdir(dir, { recursive: true, mode: PRIVATE.DIR });
      const stamp = `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^a-z0-9]/gi, '').slice(0, 16)}`;
      const file = path.join(dir, mail.attendee ? attendeeMailFile(stamp, mail.attendee) : `${stamp}.eml`);
      // The message holds a live sign-in or reset link, or an attendee's connections' contacts.
      await fs.writeFile(file, info.message as Buffer, { mode: PRIVATE.FILE });
      if (mail.attendee) await fs.utimes(file, clock.now(), clock.now());
      // an attendee's address stays out of the log (kept longer than the attendee's data)
      const who = mail.attendee
        ? { eventId: mail.attendee.eventId, registrationId: mail.attendee.registrationId }
        : { to: mail.to };
      log.info(
        { ...who, subject: mail.subject, file, link: mail.link },
        `e-mail written to outbox${mail.link ? `; link: ${mail.link}` : ''}`,
      );
    },
  };
}
