// The product's own links on the attendee list's bottom card (spec §2). The spec names them but not
// their targets; these are ours. Change them here (one place) to point at your own pages.
const CONTACT = 'hello@roomlist.app';

const mail = (subject: string, body = '') =>
  `mailto:${CONTACT}?subject=${encodeURIComponent(subject)}${body ? `&body=${encodeURIComponent(body)}` : ''}`;

export const PROMO_LINKS = {
  hostYourOwn: '/auth',
  bookDemo: mail('Book a demo call', 'Hi, I would like to book a short demo call of Roomlist.'),
  feedback: mail('Feedback on Roomlist'),
  affiliate: mail('Becoming a Roomlist affiliate'),
} as const;

/** LinkedIn's share dialog for a URL (used where the browser has no native share). */
export const linkedInShareUrl = (url: string) =>
  `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`;

/** spec §2 attendee detail: "Find on LinkedIn" searches people by name. */
export const linkedInPeopleSearch = (firstName: string, lastName: string) =>
  `https://www.linkedin.com/search/results/people/?keywords=${encodeURIComponent(`${firstName} ${lastName}`)}`;
