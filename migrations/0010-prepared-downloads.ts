import { ddlMigration } from './ddl';

// An attendee-list file built for download, kept for minutes under its random key so the browser's
// GET /api/downloads/{key} finds it whichever process it lands on. The key is stored as it is: the file
// it opens is in the same row, so hashing it would hide nothing from someone who can read the table.
// `seq` orders files made in the same millisecond. Deleted with the event's attendee data (server/features/gdpr/erase.ts) and when it expires.
const UP = `
CREATE TABLE prepared_downloads (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  key TEXT NOT NULL UNIQUE,
  event_id TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  file_name TEXT NOT NULL,
  content_type TEXT NOT NULL,
  bytes BLOB NOT NULL,
  size INTEGER NOT NULL,
  same_as TEXT,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
) STRICT;
CREATE INDEX prepared_downloads_event ON prepared_downloads(event_id);
CREATE INDEX prepared_downloads_expiry ON prepared_downloads(expires_at);
CREATE INDEX prepared_downloads_same_as ON prepared_downloads(same_as);
`;

const DOWN = `
DROP TABLE prepared_downloads;
`;

export const { up, down } = ddlMigration(UP, DOWN);
