export type Mail = { to: string; subject: string; text: string; html: string; link?: string };

/** Sends one message. The link, when given, is what the message asks the reader to open. */
export interface Mailer {
  readonly mode: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
}
