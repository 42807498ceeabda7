// Texts of memberships (spec §8, §4, §2).

// spec §8 membership, §4 membership gate, §2 /account and /membership-success
export const membership = {
  paymentSessionFailed: 'Failed to create payment session. Please try again.',
  subscriptionSessionFailed: 'Failed to create subscription session. Please try again.',
  generic: 'Something went wrong. Please try again.',
  missingSession: 'Missing payment session information',
  verifyFailed: 'Failed to verify payment',
  verificationFailed: 'Payment verification failed',
  verifyIssue: 'There was an issue verifying your payment. Please contact support.',
  typeLabel: {
    none: 'No active membership',
    'pay-as-you-go': 'Pay as you go',
    annual: 'Annual Subscription',
    enterprise: 'Enterprise',
  },
  active: 'Active',
  inactive: 'Inactive',
  returnToMembership: 'Return to Membership',
  contactSupport: 'Contact Support',
  // ours: PAYMENTS=off, a self-hosted install where creating events is free
  paymentsOff: 'Payments are switched off on this server: creating events is free.',
  paymentsOffBody:
    'This server has payments switched off, so there is nothing to buy: anyone signed in can create events.',
  // ours: the line items on the provider's checkout page
  lineItem: { one_time: 'Roomlist Pay as you go: one event', annual: 'Roomlist Annual membership: 12 months' },
  // spec §1 plans, §2 /membership (titles, prices and terms from §1; the wording around them ours)
  plans: {
    payg: {
      title: 'Pay as you go',
      period: 'per event',
      features: ['One event per payment', 'Unlimited attendees', 'Buy more events when you need them'],
      button: 'Pay for One Event',
    },
    annual: {
      title: 'Annual',
      period: 'per year',
      features: ['Unlimited events for 12 months', 'Unlimited attendees', 'No per-event charges'],
      button: 'Subscribe Annually',
      badge: 'Best value',
    },
    enterprise: {
      title: 'Enterprise',
      price: 'Price on application',
      period: 'contact us by e-mail',
      features: ['Everything in Annual', 'Several organisers and venues', 'Terms to suit your organisation'],
      button: 'Contact Us',
      mailSubject: 'Roomlist Enterprise enquiry',
    },
    current: 'Current plan',
    extend: 'Add 12 Months', // ours: bought while a plan runs, the new year starts when it ends
    notNeeded: 'Not needed while your Annual plan runs.',
    newTab: 'The payment page opens in a new tab. Come back here when you have paid.',
  },
  // spec §2 /membership-success (the next steps from §2; the headings ours)
  success: {
    verifying: 'Verifying your payment...',
    title: 'Payment successful!',
    annualBody: 'Your Annual membership is active.',
    annualSteps: ['You can create unlimited events for the next 12 months.', 'There are no per-event charges.'],
    oneTimeBody: 'Your Pay as you go event is ready.',
    oneTimeSteps: ['Create your first event now.', 'Buy more events as you need them.'],
    nextSteps: 'Next steps',
    createEvent: 'Create Event',
    viewEvents: 'View Events',
    supportSubject: 'Membership payment', // ours: the subject of the Contact Support e-mail
  },
  // ours: a create attempt without the right (the UI shows the gate instead of the form)
  createForbidden: 'You need an active membership to create events. Choose a plan to continue.',
  gate: {
    noneTitle: 'Welcome! Choose Your Plan',
    viewPlans: 'View Membership Plans',
    anotherTitle: 'Ready for Another Event?',
    buyAnother: 'Buy Another Event (£10)',
    upgrade: 'Upgrade to Unlimited',
    expiredTitle: 'Membership Expired',
    renew: 'Renew Annual Plan',
    payOne: 'Pay for One Event (£10)',
    backToEvents: 'Back to Events',
    // ours: a short explanation under each gate title
    noneBody:
      'To create events you need a membership. Pay £10 for a single event, or go unlimited with the Annual plan.',
    anotherBody:
      'Your pay-as-you-go event has been used. Buy another event for £10, or upgrade to unlimited events for a year.',
    expiredBody:
      'Your annual plan has ended. Renew it for another 12 months of unlimited events, or pay for just this one.',
  },
} as const;
