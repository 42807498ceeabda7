// Texts of the door's offline mode (ours).

// ours: the door's offline mode (README "The door offline"); the spec has no door
export const door = {
  title: (event: string) => `Door · ${event}`,
  open: 'Door mode',
  openHint: 'Check people in on a tablet, even without Wi-Fi',
  online: 'Online',
  offline: 'Offline',
  waiting: (n: number) => `${n} waiting`,
  sending: 'Sending…',
  savedAt: (time: string) => `List saved on this device at ${time}`,
  notSaved: 'This list is not on this device yet. Connect to the internet once to load it.',
  loading: 'Loading the list onto this device…',
  searchPlaceholder: 'Search by name',
  checkIn: 'Check in',
  checkOut: 'Check out',
  undo: 'Undo',
  checkedInAt: (time: string) => `In ${time}`,
  more: (shown: number, total: number) => `Showing ${shown} of ${total}. Search to find someone else.`,
  queueFull: 'Too many check-ins are waiting to be sent. Connect to the internet to send them first.',
  conflictsTitle: 'Not applied',
  conflictDismiss: 'Dismiss',
  removed: (name: string) => `${name} was removed from the event, so this was not recorded.`,
  alreadyIn: (name: string, time: string) => `${name} was already checked in at ${time} at another door.`,
  notIn: (name: string) => `${name} was not checked in, so there was nothing to check out or undo.`,
  alreadyOut: (name: string) => `${name} was already checked out at another door.`,
  notOut: (name: string) => `${name} was not checked out, so there was nothing to undo.`,
  erased: "This event's attendee data has been erased, so it is no longer kept on this device.",
  signedOut: 'Sign in again to send the waiting check-ins.',
  install:
    'Install this page on the tablet (browser menu → Install app, or Add to Home Screen) to open it without Wi-Fi.',
} as const;
