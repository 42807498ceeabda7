// Texts of what each attendee lets the room see: contact consent, connections, the venue screen, their own
// copy and erasure (all ours: the product specification predates them; docs/privacy.md says the same).

export const privacy = {
  visibilityLabel: 'Who sees my e-mail and phone',
  visibility: {
    connections: 'People I connect with',
    room: 'Everyone who joined this room',
    organiser: 'Only the organiser',
  },
  showOnDisplay: 'Show me on the venue screen',
  shareInDownload: 'Include my contact details in the attendee list the organiser offers',
  joinToConnect: 'Join the room to connect',
  connected: 'Connected',
  pinToConnect: 'Pin each other to connect: then you see each other’s contacts, as each of you allows.',
  howUsed: 'How your data is used in this room',
  downloadMyData: 'Download my data',
  removeMe: 'Remove me from this room',
  pinLimit: (max: number) => `You can pin up to ${max} people in a room.`,
  pinFailed: 'Could not save your pin. Please try again.',
} as const;
