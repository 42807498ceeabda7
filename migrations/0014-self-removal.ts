import { ddlMigration } from './ddl';

// An attendee who removes themselves leaves the event's attendee_count as it was (the room keeps its
// figure, as after the erasure), so the rows are attendee_count - self_removed_count: the list's pages are
// counted from that without reading the rows (docs/decisions/0024-self-removal.md).
const UP = `
ALTER TABLE events ADD COLUMN self_removed_count INTEGER NOT NULL DEFAULT 0;
`;

const DOWN = `
ALTER TABLE events DROP COLUMN self_removed_count;
`;

export const { up, down } = ddlMigration(UP, DOWN);
