import type { Migration } from 'kysely';
import * as m0001 from './0001-initial';
import * as m0002 from './0002-auth-hardening';
import * as m0003 from './0003-attendees-live';
import * as m0004 from './0004-attendee-list-indexes';
import * as m0005 from './0005-payments';
import * as m0006 from './0006-join-codes';
import * as m0007 from './0007-here-now';
import * as m0008 from './0008-door-actions';
import * as m0009 from './0009-job-leases';
import * as m0010 from './0010-prepared-downloads';
import * as m0011 from './0011-attendee-search';
import * as m0012 from './0012-people';
import * as m0013 from './0013-follow-up-mails';
import * as m0014 from './0014-self-removal';

/** Every migration, in order. A test checks that each file in this folder is listed here. */
export const migrations: Record<string, Migration> = {
  '0001-initial': m0001,
  '0002-auth-hardening': m0002,
  '0003-attendees-live': m0003,
  '0004-attendee-list-indexes': m0004,
  '0005-payments': m0005,
  '0006-join-codes': m0006,
  '0007-here-now': m0007,
  '0008-door-actions': m0008,
  '0009-job-leases': m0009,
  '0010-prepared-downloads': m0010,
  '0011-attendee-search': m0011,
  '0012-people': m0012,
  '0013-follow-up-mails': m0013,
  '0014-self-removal': m0014,
};
