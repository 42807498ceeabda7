import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Log } from '../../lib/log';
import { PRIVATE } from '../../lib/private-files';
import type { Mailer } from './mailer';

/** The embedded default: each message becomes an .eml file in DATA_DIR/outbox and its link goes to the log. */
export function createOutboxMailer(dir: string, from: string, log: Log): Mailer {
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
      });
      await fs.mkdir(dir, { recursive: true, mode: PRIVATE.DIR });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${info.messageId.replace(/[^a-z0-9]/gi, '').slice(0, 16)}.eml`);
      // The message holds a live sign-in or reset link.
      await fs.writeFile(file, info.message as Buffer, { mode: PRIVATE.FILE });
      log.info(
        { to: mail.to, subject: mail.subject, file, link: mail.link },
        `e-mail written to outbox${mail.link ? `; link: ${mail.link}` : ''}`,
      );
    },
  };
}
