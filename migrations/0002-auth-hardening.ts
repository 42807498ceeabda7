import { ddlMigration } from './ddl';

// Each sign-up's own details travel with its link (issue 6 item 8): a second sign-up for an unconfirmed
// address no longer overwrites the first one's password. Set only on 'signup' rows.
const UP = `
ALTER TABLE email_tokens ADD COLUMN password_hash TEXT;
ALTER TABLE email_tokens ADD COLUMN first_name TEXT;
ALTER TABLE email_tokens ADD COLUMN last_name TEXT;
`;

const DOWN = `
ALTER TABLE email_tokens DROP COLUMN last_name;
ALTER TABLE email_tokens DROP COLUMN first_name;
ALTER TABLE email_tokens DROP COLUMN password_hash;
`;

export const { up, down } = ddlMigration(UP, DOWN);
