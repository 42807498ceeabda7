import { ddlMigration } from './ddl';

// A clean-up job runs in one process at a time when several share the database: the process that holds a
// job's lease runs it; the lease ends when the run does, or at `until` if that process died meanwhile.
const UP = `
CREATE TABLE job_leases (
  name TEXT PRIMARY KEY,
  holder TEXT NOT NULL,
  until TEXT NOT NULL
) STRICT;
`;

const DOWN = `
DROP TABLE job_leases;
`;

export const { up, down } = ddlMigration(UP, DOWN);
