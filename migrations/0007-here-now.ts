import { ddlMigration } from './ddl';

// Who is in the room now: a check-in is followed by an optional check-out (undone by clearing it). Here
// now = checked in and not checked out; the index answers that count from its entries alone.
const UP = `
ALTER TABLE event_registrations ADD COLUMN checked_out_at TEXT;
CREATE INDEX event_registrations_event_here ON event_registrations(event_id, checked_out_at, checked_in_at);
`;

const DOWN = `
DROP INDEX event_registrations_event_here;
ALTER TABLE event_registrations DROP COLUMN checked_out_at;
`;

export const { up, down } = ddlMigration(UP, DOWN);
