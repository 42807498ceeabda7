import nodemailer from 'nodemailer';
import type { Log } from '../../lib/log';
import type { Mailer } from './mailer';

/** Real delivery through nodemailer over SMTP_URL (smtp:// or smtps://user:pass@host:port). */
export function createSmtpMailer(url: string, from: string, log: Log): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    mode: 'smtp',
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      // an attendee's address stays out of the log (kept longer than the attendee's data)
      const who = mail.attendee
        ? { eventId: mail.attendee.eventId, registrationId: mail.attendee.registrationId }
        : { to: mail.to };
      log.info({ ...who, subject: mail.subject }, 'e-mail sent');
    },
  };
}
