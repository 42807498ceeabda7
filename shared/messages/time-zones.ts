// Texts of the event's own time zone (all ours: the product specification predates it).

export const timeZone = {
  label: 'Time zone',
  description: 'The date and times above are in this zone; the attendee data is deleted by its clocks too.',
  placeholder: 'Search, e.g. London',
  nothingFound: 'No time zone matches',
  invalid: 'Please choose a time zone from the list (an IANA name such as Europe/London)',
} as const;
