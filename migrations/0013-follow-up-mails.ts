import { ddlMigration } from './ddl';

// The follow-up mail sent on the day before an event's attendee data is erased (docs/follow-up-mail.md):
// one row per attendee it is owed to, so each gets it once whichever process sends, and a failed send is
// tried again later. Ids and sending state only: the mail's words are made when it is sent.
// - status: 'pending' (to send at next_attempt_at), 'sending' (claimed until next_attempt_at: a process
//   that died meanwhile leaves it to be claimed again then), 'sent', 'failed' (gave up after the last attempt).
// Goes with the registration (cascade) and with the event's erasure (server/features/gdpr/erase.ts).
const UP = `
CREATE TABLE follow_up_mails (
  registration_id TEXT PRIMARY KEY REFERENCES event_registrations(id) ON DELETE CASCADE,
  event_id TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  status TEXT NOT NULL CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT NOT NULL,
  sent_at TEXT
) STRICT;
CREATE INDEX follow_up_mails_due ON follow_up_mails(event_id, next_attempt_at);
`;

const DOWN = `
DROP TABLE follow_up_mails;
`;

export const { up, down } = ddlMigration(UP, DOWN);
