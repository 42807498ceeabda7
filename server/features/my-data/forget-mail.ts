import type { Deps } from '../../deps';

/**
 * The call site where an attendee's own removal reaches the mail the room keeps for them (the follow-up
 * before the purge, and its outbox copy): what is queued or written for `registrationId` goes with them.
 * Runs after the removal has committed and before the WAL checkpoint, so rows it deletes leave the file
 * with the entry. The follow-up mail's module provides the work (forgetAttendeeMail); until it is wired
 * here, there is no such mail to forget.
 */
export async function forgetMail(_deps: Deps, _eventId: string, _registrationId: string): Promise<void> {}
