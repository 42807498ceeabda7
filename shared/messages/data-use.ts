// The "How your data is used in this room" dialog of the join and edit forms (ours; docs/privacy.md says
// the same for operators). Not part of M: only the dialog, loaded when first opened, carries these texts,
// so the join page does not (bench B6).
import { privacy as P } from './privacy';

export type DataUseSection = { heading: string; lines: string[] };

/** The dialog's sections; `deletesOn` is the long date everything is deleted on, or null when not set yet. */
export function dataUseSections(deletesOn: string | null): DataUseSection[] {
  return [
    {
      heading: 'Who sees what',
      lines: [
        `Anyone with the room’s link sees your name, photo and headline, never your e-mail or phone (they are asked to “${P.joinToConnect}”).`,
        `People who joined this room see your e-mail and phone if you chose “${P.visibility.room}”.`,
        `People you connect with (you pinned each other) see them too, unless you chose “${P.visibility.organiser}”.`,
        'The organiser sees everything you entered, on their own screens.',
        `The venue screen shows your photo, name and headline, unless you turn off “${P.showOnDisplay}”.`,
      ],
    },
    {
      heading: 'The attendee list the organiser offers',
      lines: [
        `If the organiser offers the list as a file, it names everyone with photo and headline, and has your e-mail and phone only if you tick “${P.shareInDownload}”.`,
      ],
    },
    {
      heading: 'Before it is deleted',
      lines: [
        'The day before, everyone who gave an e-mail and has at least one connection gets one e-mail with their connections’ contacts, as each of them allowed.',
      ],
    },
    {
      heading: 'Your own entry',
      lines: [
        'In the browser you joined with, your entry lets you change these choices at any time.',
        `“${P.downloadMyData}” gives you your entry, your choices and your connections’ shared contacts, as JSON and CSV.`,
        `“${P.removeMe}” deletes your entry, photo, pins and connections at once.`,
      ],
    },
    {
      heading: 'When everything is deleted',
      lines: [
        `${deletesOn ? `On ${deletesOn}, two` : 'Two'} working days after the event ends, every entry, photo, pin and connection of this room is deleted. The organiser keeps only the number of people who joined.`,
      ],
    },
  ];
}
