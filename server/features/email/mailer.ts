/**
 * A mail to an attendee about one event: `registrationId` is whom it goes to, `lists` the entries it names.
 * The outbox files it by event and recipient, with `lists` beside it, so its copy can be deleted with the
 * event, with either attendee, or after the backup window (./attendee-outbox.ts); the logs name ids, not
 * the address. SMTP sends nothing of it.
 */
export type AttendeeMailKey = { eventId: string; registrationId: string; lists: string[] };

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  link?: string;
  attendee?: AttendeeMailKey;
};

/** Sends one message. The link, when given, is what the message asks the reader to open. */
export interface Mailer {
  readonly mode: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
}
