import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSmtp } from '../../../tests/fakes/smtp';
import { createLog } from '../../lib/log';
import { createOutboxMailer } from './outbox-mailer';
import { createSmtpMailer } from './smtp-mailer';
import { templates } from './templates';

const mail = templates.confirmSignup(
  'Roomlist',
  'ada@example.com',
  'Ada <script>',
  'http://localhost:3000/auth?token=abc&type=signup',
);

describe('smtp mailer', () => {
  let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
  });
  afterAll(() => smtp.stop());

  it('delivers through nodemailer to a real SMTP server', async () => {
    const mailer = createSmtpMailer(smtp.url, 'Roomlist <no-reply@example.com>', createLog('silent'));
    await mailer.send(mail);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0].to).toEqual(['ada@example.com']);
    expect(smtp.received[0].from).toBe('no-reply@example.com');
    expect(smtp.received[0].raw).toContain('Subject: Confirm your Roomlist account');
    expect(smtp.received[0].raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')).toContain('/auth?token=abc&type=signup');
  });
});

describe('outbox mailer', () => {
  it('writes an .eml file and logs the link', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
    const lines: string[] = [];
    const log = createLog('info');
    const spy = {
      ...log,
      info: (obj: object, msg?: string) => void lines.push(`${JSON.stringify(obj)} ${msg}`),
    } as typeof log;
    await createOutboxMailer(dir, 'Roomlist <no-reply@localhost>', spy).send(mail);
    const files = fs.readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const raw = fs.readFileSync(path.join(dir, files[0]), 'utf8');
    expect(raw).toMatch(/^To: ada@example.com$/m);
    expect(raw).toContain('<p>Hi Ada &lt;script&gt;, thanks'); // the HTML part escapes the name
    expect(raw).not.toContain('<p>Hi Ada <script>');
    expect(lines.join('\n')).toContain('link: http://localhost:3000/auth?token=abc&type=signup');
    fs.rmSync(dir, { recursive: true });
  });
});
