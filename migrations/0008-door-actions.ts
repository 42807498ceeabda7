import { ddlMigration } from './ddl';

// The door's check-ins and check-outs made offline arrive later, maybe twice (a retry after a lost
// answer): each carries an id made on the device, and this table remembers what became of it, so the
// second copy has no second effect. Deleted with the event's attendee data (server/features/gdpr/erase.ts).
const UP = `
CREATE TABLE door_actions (
  id TEXT PRIMARY KEY,
  event_id TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  registration_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  outcome TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX door_actions_event ON door_actions(event_id);
`;

const DOWN = `
DROP TABLE door_actions;
`;

export const { up, down } = ddlMigration(UP, DOWN);
