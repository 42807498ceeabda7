// Texts of the join and edit forms' choices, the line that says who sees what, and the download card's
// count (ours: the product specification predates them; docs/privacy.md says the same in full). The
// labels of the choices themselves are M.privacy's.
import { plural } from './plural';

export const choices = {
  heading: 'Who sees what',
  /** The join form's one line: `deletesOn` is the long date, or null when the event has none yet. */
  notice: (deletesOn: string | null) =>
    `Everyone with the link sees your name, photo and headline; your e-mail and phone only as you choose below.${
      deletesOn ? ` Everything is deleted on ${deletesOn}.` : ''
    }`,
  showOnDisplayHint: 'Your photo, name and headline on the big screen in the room.',
  shareInDownloadHint: 'Without it the list shows your name, photo and headline only.',
  /** The download card, before payment. */
  contactsIncluded: (sharing: number, attendees: number) =>
    `${sharing} of ${plural(attendees, 'attendee', 'attendees')} included their contact details`,
  /** The PDF's header, under the count. */
  pdfContactsNote: 'E-mail and phone only of attendees who agreed to share them',
} as const;
