// Every user-facing text of the product, written once (spec §8, plus texts quoted in §2, §4, §5, §6).
// Procedures throw them, forms show them, tests assert them. Texts marked "ours" are not shown in
// the spec and were written to match the surrounding ones.

import { attendeesMessages } from './messages/attendees';
import { authMessages } from './messages/auth';
import { eventsMessages } from './messages/events';
import { paymentsMessages } from './messages/payments';

export const M = { ...authMessages, ...eventsMessages, ...attendeesMessages, ...paymentsMessages } as const;
