import type { Deps } from '../../deps';
import { forgetAttendeeMail } from '../email/attendee-outbox';

/**
 * An attendee's own removal reaches the mail the room keeps for them: the outbox copies of their
 * follow-up and of their connections' follow-ups that name them go. After the removal has committed (a
 * mail being written meanwhile deletes its own copy when it finds the entry gone) and before the WAL
 * checkpoint. The follow_up_mails rows (ids and sending state) went with the entry (foreign keys).
 */
export async function forgetMail(deps: Deps, eventId: string, registrationId: string): Promise<void> {
  await forgetAttendeeMail(deps, eventId, registrationId);
}
