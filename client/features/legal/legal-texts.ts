// What the legal pages say. Roomlist is self-hosted: these describe what the software does with data and
// what using it involves, for the people who run this server to adopt or extend (docs/privacy.md says the
// same in full, for them).

export type LegalSection = { heading: string; paragraphs: string[] };
export type LegalText = { title: string; intro: string; sections: LegalSection[] };

export const legalTexts = (app: string): Record<'terms' | 'privacy', LegalText> => ({
  privacy: {
    title: 'Privacy Policy',
    intro: `${app} lets an event's organiser open a room that attendees join, so that the people at the event can see who else is there. This page says what ${app} keeps, who sees it and when it goes.`,
    sections: [
      {
        heading: 'What attendees give',
        paragraphs: [
          'A photo, first and last name and a headline; an e-mail address and a phone number when the organiser asks for them. Each attendee also chooses who sees their e-mail and phone (people they connect with, everyone who joined the room, or only the organiser), whether they appear on the venue screen, and whether their contact details go into the attendee list the organiser may offer as a file.',
          'The browser that joined keeps a private code in its own storage: it is what lets that browser, and no other, edit or remove the entry.',
        ],
      },
      {
        heading: 'Who sees it',
        paragraphs: [
          'Names, photos and headlines are seen by anyone with the room’s link. E-mail and phone are shown only as each attendee chose; the organiser sees them all. The venue screen never shows contact details, and leaves out anyone who turned it off.',
          'A downloaded attendee list carries contact details only of those who agreed to it.',
        ],
      },
      {
        heading: 'When it goes',
        paragraphs: [
          'Every attendee’s name, photo, headline, e-mail and phone are deleted automatically two working days after the event ends, or earlier when the organiser deletes them. An attendee can remove their own entry at any time from the browser they joined with, and can first save a copy of what the room holds about them.',
        ],
      },
      {
        heading: 'Organisers',
        paragraphs: [
          'An organiser’s account holds their e-mail address, name and a hash of their password. Payments are taken by the payment provider: card details never reach this server.',
        ],
      },
      {
        heading: 'Cookies and visits',
        paragraphs: [
          'Signed-in organisers get a session cookie, and a cookie remembers whether their sidebar is open. No advertising or tracking cookies are set. Page visits are recorded by page, with the browser’s description and the visitor’s address shortened so that it no longer identifies them.',
        ],
      },
    ],
  },
  terms: {
    title: 'Terms of Service',
    intro: `These terms cover the use of ${app} on this server by event organisers and attendees.`,
    sections: [
      {
        heading: 'Organisers',
        paragraphs: [
          'Organisers need an account and an active membership to create events. They are responsible for their events’ details, for sharing the registration link only where they mean it to be used, and for how they use the attendee details they see.',
          'When an organiser offers the attendee list for a fee, the revenue from each download is shared equally between the organiser and the platform, and the organiser’s share is paid out monthly by bank transfer.',
        ],
      },
      {
        heading: 'Attendees',
        paragraphs: [
          'Attendees join a room with their own photo and name and should enter only details they are happy for the room to see, as they chose. Entries that are offensive or not the attendee’s own may be removed by the organiser.',
        ],
      },
      {
        heading: 'Data',
        paragraphs: [
          'Attendee details are deleted two working days after the event ends, as the Privacy Policy describes. Nothing in a room should be relied on as a lasting record.',
        ],
      },
    ],
  },
});
