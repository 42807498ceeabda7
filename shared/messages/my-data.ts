// Texts of an attendee's own copy of their data and their own removal from the room (all ours: the
// product specification predates them; docs/privacy.md says the same). The two buttons' labels are
// M.privacy.downloadMyData and M.privacy.removeMe.

export const myDataMessages = {
  myData: {
    title: 'Your data in this room',
    intro:
      'Take a copy of your entry, your choices, the people you pinned and the contacts your connections share with you. Or leave: your entry, photo, pins and connections are deleted at once.',
    asJson: 'JSON (every field)',
    asCsv: 'Spreadsheet (CSV)',
    downloadFailed: 'Could not download your data. Please try again.',
    removeTitle: 'Remove yourself from this room?',
    removeBody:
      'Your entry, photo, pins and connections are deleted now, and you disappear from every screen of this room. This cannot be undone: to come back, you would join again as someone new.',
    removeConfirm: 'Remove me',
    removeFailed: 'Could not remove you from the room. Please try again.',
    removedTitle: 'You have left the room',
    removedBody: 'Your entry, photo, pins and connections are deleted. You now see the room as a visitor.',
  },
} as const;
