// The follow-up mail an attendee gets the day before a room's attendee data is erased (ours:
// docs/follow-up-mail.md). Only the server sends it, so these texts stay out of M (and out of the pages).

export const followUpMailTexts = {
  subject: (eventName: string) => `Your connections from ${eventName}`,
  greeting: (firstName: string) => `Hi ${firstName},`,
  intro: (eventName: string, eventDate: string) =>
    `Here are the people you connected with at ${eventName} (${eventDate}), with the contact details each of them chose to share.`,
  email: 'E-mail',
  phone: 'Phone',
  organiserOnly: 'Shares contact details with the organiser only.',
  noContacts: 'Gave no e-mail or phone.',
  deletion: (when: string) =>
    `Everything attendees shared in this room will be deleted on ${when}. This is the only copy we send you: keep what you need.`,
  openRoom: 'Open the room',
  why: 'You get this once, because you joined the room with this e-mail address and connected with people there.',
} as const;
