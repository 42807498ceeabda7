import { ddlMigration } from './ddl';

// Attendees and realtime: one registration per browser token per event (a retried join finds the first),
// and the change log that lets a live subscriber replay what it missed. The log holds ids and kinds
// only, never personal data, and is erased with the registrations it points at.
const UP = `
DROP INDEX event_registrations_token;
CREATE UNIQUE INDEX event_registrations_token ON event_registrations(event_id, registration_token_hash);
CREATE INDEX event_registrations_event_first ON event_registrations(event_id, first_name COLLATE NOCASE, last_name COLLATE NOCASE);

CREATE TABLE registration_changes (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  event_id TEXT NOT NULL,
  registration_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('joined', 'updated', 'checked_in', 'check_in_undone', 'removed', 'erased')),
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX registration_changes_event_seq ON registration_changes(event_id, seq);
CREATE INDEX registration_changes_created ON registration_changes(created_at);
`;

const DOWN = `
DROP TABLE registration_changes;
DROP INDEX event_registrations_event_first;
DROP INDEX event_registrations_token;
CREATE INDEX event_registrations_token ON event_registrations(event_id, registration_token_hash);
`;

export const { up, down } = ddlMigration(UP, DOWN);
