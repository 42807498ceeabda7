// Every user-facing text of the product, written once (spec §8, plus texts quoted in §2, §4, §5, §6).
// Procedures throw them, forms show them, tests assert them. Texts marked "ours" are not shown in
// the spec and were written to match the surrounding ones.

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const M = {
  // spec §8 sign-in and sign-up error mapping, auth toasts; §5 password and forgot password
  auth: {
    invalidCredentials: 'Invalid email or password',
    emailNotConfirmed: 'Authentication failed. Please check your credentials.',
    alreadyRegistered: 'This email is already associated with an account',
    weakPassword: 'Password does not meet security requirements',
    signupDisabled: 'Account creation is temporarily unavailable',
    notAuthorized: 'This email address is not authorized',
    rateLimited: 'Too many attempts. Please wait before trying again.',
    network: 'Connection error. Please check your internet connection and try again.',
    generic: 'An error occurred. Please try again.',
    lockedTitle: 'Account temporarily locked',
    lockedBody: (minutes: number) =>
      `Too many failed attempts. Please wait ${plural(minutes, 'minute', 'minutes')} before trying again.`,
    failedTitle: 'Authentication failed',
    remainingAttempts: (n: number) => `${plural(n, 'attempt', 'attempts')} remaining`,
    signupDisabledTitle: 'Account creation temporarily disabled',
    registrationFailedTitle: 'Registration failed',
    registrationFailedBody: 'Unable to create account. Please try again later.',
    resetEmailErrorTitle: 'Error sending reset email',
    passwordUpdateFailed: 'Password update failed',
    signOutError: 'Error signing out',
    noEmail: 'No email address found for your account.',
    authRequired: 'Authentication required',
    userNotAuthenticated: 'User not authenticated',
    emailRequired: 'Email required',
    passwordRequired: 'Password required', // ours
    passwordsDontMatch: "Passwords don't match",
    passwordTooWeak: 'Password too weak',
    invalidEmail: 'Please enter a valid email address',
    firstNameInvalid: 'First name is required and must contain only valid characters',
    lastNameInvalid: 'Last name is required and must contain only valid characters',
    checkEmailTitle: 'Check Your Email', // spec §2 /auth/success
    // ours: the spec names the sign-up lockout toast's title only
    signupLockedBody: (minutes: number) =>
      `Too many sign-up attempts. Please wait ${plural(minutes, 'minute', 'minutes')} before trying again.`,
    verifying: 'Verifying your link...', // ours
    passwordUpdated: 'Your password has been updated.', // ours
    resetLinkSentTitle: 'Password reset e-mail sent', // ours
    resetLinkSent: (email: string) => `We sent a link to set a new password to ${email}.`, // ours
  },
  // ours: the embedded mail default (no SMTP configured) writes messages to the outbox folder
  mail: {
    outboxTitle: 'No mail server is configured',
    outboxSignup:
      'The confirmation link was written to the server log (and to DATA_DIR/outbox) instead of being e-mailed.',
    outboxReset: 'The reset link was written to the server log (and to DATA_DIR/outbox) instead of being e-mailed.',
  },
  // spec §5 Password
  password: {
    tooShort: 'Password must be at least 8 characters long',
    needUppercase: 'Include at least one uppercase letter',
    needLowercase: 'Include at least one lowercase letter',
    needNumber: 'Include at least one number',
    avoidCommon: 'Avoid common patterns and words',
    strength: { veryWeak: 'Very Weak', weak: 'Weak', good: 'Good', strong: 'Strong' },
  },
  // spec §8 verification link
  verify: {
    signupFailed: 'Email confirmation failed. Please try signing up again.',
    recoveryFailed: 'Password reset link expired or invalid. Please request a new one.',
    emailChangeFailed: 'Email change confirmation failed. Please try again.',
    magiclinkFailed: 'Magic link expired or invalid. Please request a new one.',
    invalidLink: 'Invalid verification link.',
    failed: 'Verification failed. Please try again.',
    signupSuccess: 'Email confirmed! You can now sign in.',
    recoverySuccess: 'Link verified! You can now set a new password.', // ours
    emailChangeSuccess: 'Email address updated! Please sign in with your new email.', // ours
    magiclinkSuccess: 'Signed in! Welcome back.', // ours
  },
  // spec §8 data and events, §6 organiser, §2 event screens
  events: {
    notFoundOrDenied: 'Event not found or access denied',
    createAuthRequired: 'Authentication required: You must be logged in to create events.',
    noUser: 'No user',
    missingIds: 'Missing eventId or user',
    loadErrorTitle: 'Error loading event',
    loadErrorBody: 'Could not load event details.',
    deleteErrorTitle: 'Error deleting event',
    deleteRegistrationsFailed: 'Could not delete event registrations.',
    deleteEventFailed: 'Could not delete the event.',
    errorTitle: 'Something went wrong',
    errorBody: 'Please try again later.',
    notFound: 'Event not found',
    notFoundBody: "The event you're looking for doesn't exist.",
    notFoundTitle: 'Event Not Found', // spec §2 /register/{eventId}
    loadDataFailed: 'Failed to load event data', // spec §2 live display
    unknownEvent: 'Unknown Event',
    loading: 'Loading events...',
    noUpcoming: 'No upcoming events scheduled.',
    noPast: 'No past events',
    noneFound: 'No events found',
    showing: (from: number, to: number, total: number) => `Showing ${from} to ${to} of ${total} events`,
    totalEvents: 'Your Total Events',
    upcomingEvents: 'Your Upcoming Events',
    addNew: 'Add New',
    ipadDisplay: 'iPad Display',
    downloadQr: 'Download QR Code',
    deleteDataNow: 'Delete Attendee Data Now',
    scanToJoin: 'Scan to Join the Room',
    registrationQuick: 'Registration is quick and easy',
    waitingTitle: 'Waiting for Attendees',
    waitingBody: 'Be the first to register!',
    badge: { dataCleaned: 'Data Cleaned', cleaningSoon: 'Cleaning Soon', activeData: 'Active Data' },
  },
  // spec §5 event form, §8 event form
  eventForm: {
    validationErrorTitle: 'Validation Error',
    authRequired: 'Authentication required',
    nameInvalid: 'Event name is required and must contain only valid characters',
    venueInvalid: 'Venue is required and must contain only valid characters',
    cityInvalid: 'City is required and must contain only valid characters',
    dateRequired: 'Event date is required',
    startTimeRequired: 'Start time is required',
    endTimeRequired: 'End time is required',
    endAfterStart: 'End time must be after start time',
    formatRequired: 'At least one download format must be selected when downloads are enabled',
    invalidTimeTitle: 'Invalid time selection',
    invalidTimeBody: 'End time must be later than start time.',
    invalidUrl: (exampleA: string, exampleB: string) => `Please enter a valid URL (e.g., ${exampleA} or ${exampleB})`,
    invalidFileTypeTitle: 'Invalid file type',
    invalidFileTypeBody: 'Please upload a PNG, JPG, or SVG file.',
    fileTooLargeTitle: 'File still too large',
    fileTooLargeBody: 'Even after optimization, the image is larger than 2MB. Please try a different image.',
    uploadFailedTitle: 'Upload failed',
    logoUploadFailedBody: 'Failed to upload logo. Please try again.',
    paymentSessionFailed: 'Failed to create payment session',
    subscriptionSessionFailed: 'Failed to create subscription session',
    counter: (n: number, max: number) => `${n}/${max}`,
    comingSoon: 'Coming Soon',
    pro: 'PRO',
    free: 'Free',
    titleCreate: 'Create Event',
    titleEdit: 'Edit Event',
    titleEditNamed: (name: string) => `Edit '${name}'`,
    // ours: the spec's form prevents these in the UI; the server still refuses them with a clear text
    dateInvalid: 'Please choose a valid event date',
    datePast: 'Event date cannot be in the past',
    timeInvalid: 'Times must be on the quarter hour (HH:MM, minutes 00, 15, 30 or 45)',
    pdfComingSoon: 'PDF downloads are coming soon: please choose CSV',
    priceInvalid: 'Download price must be an amount of 0 or more',
    priceTooHigh: 'Download price must be £1,000.00 or less',
    sponsorTextTooLong: 'Sponsor text must be 100 characters or less',
    utmTooLong: 'UTM values must be 50 characters or less',
    logoInvalid: 'Please upload the sponsor logo again',
    uploadTooLargeTitle: 'File too large',
    uploadTooLargeBody: 'Please upload an image smaller than 10MB.',
    tooManyPixelsBody: 'Please upload an image of at most 50 megapixels.',
  },
  // spec §5 attendee registration and edit, §8 attendees, §2 attendee screens, §6 visitor
  attendees: {
    loadError: 'Error loading attendees. Please try again.',
    empty: 'No one has joined the room yet.',
    noMatch: (query: string) => `No attendees found matching "${query}"`,
    removeErrorTitle: 'Error removing attendee',
    removeErrorBody: 'Could not remove the attendee. Please try again.',
    cleanupFailedTitle: 'Cleanup failed',
    cleanupFailedBody: 'Could not process the data cleanup.',
    joinFailedTitle: 'Failed to join the room',
    joinFailedBody: 'There was an error adding you to the room. Please try again.',
    photoUploadFailedTitle: 'Upload failed',
    photoUploadFailedBody: 'There was an error uploading your photo. Please try again.',
    updateFailed: 'Update failed',
    entryNotFound: 'Registration not found', // ours: the spec names the case, not the text
    roomLoadError: 'Error loading room details',
    firstNameInvalid: 'First name is required and must contain only valid characters',
    lastNameInvalid: 'Last name is required and must contain only valid characters',
    photoRequired: 'Photo is required - please upload a photo',
    photoRequiredShort: 'Please upload a photo',
    emailRequiredForEvent: 'Email is required for this event',
    phoneRequiredForEvent: 'Phone number is required for this event',
    invalidEmail: 'Please enter a valid email address',
    invalidPhone: 'Please enter a valid phone number',
    headlineTooLong: 'Headline must be 300 characters or less',
    unsupportedFormatTitle: 'Unsupported image format',
    unsupportedFormatBody: 'Please select a JPEG, PNG, GIF, or WebP image file.',
    photoTooLargeTitle: 'File too large',
    photoTooLargeBody: 'Please select an image smaller than 5MB.',
    missingInfoTitle: 'Missing information',
    missingInfoBody: 'First name and last name are required.',
    emailRequired: 'Email required',
    phoneRequired: 'Phone required',
    joinTitle: (eventName: string) => `Join the room for ${eventName}`,
    importLinkedIn: 'Import from LinkedIn',
    orManual: 'Or add details manually',
    joinButton: 'Join the room',
    editTitle: 'Edit Your Information',
    accessDenied: 'Access Denied',
    viewList: 'View Attendee List',
    search: 'Search attendees...',
    you: '(You)',
    findOnLinkedIn: 'Find on LinkedIn',
    nobodyInRoom: 'Nobody is in the room!',
    scanToGetOnList: 'Scan to get on this list:',
    retry: 'Retry',
    sort: { 'name-asc': 'A-Z', 'name-desc': 'Z-A', newest: 'Newest', oldest: 'Oldest' },
  },
  // spec §8 LinkedIn
  linkedin: {
    importFailedTitle: 'LinkedIn import failed',
    importFailedBody: 'Please try again or fill in manually.',
    popupBlocked: 'Popup blocked. Please allow popups for this site.',
    cancelled: 'Authentication was cancelled',
    securityFailed: 'Security validation failed',
    expired: 'Authentication expired',
    noCode: 'No authorization code received',
  },
  // spec §8 downloads, §6 visitor download
  downloads: {
    failed: 'Download failed',
    failedBody: 'Please try again.', // ours
    failedContactSupport: 'Please contact support if the problem persists.', // ours
    notRegistered: 'You must be registered for this event to download attendee lists',
    paymentVerificationFailed: 'Payment verification failed',
    paymentCancelled: 'Payment cancelled',
    joinToDownload: 'Join Room to Download',
  },
  // spec §8 membership, §4 membership gate, §2 /account and /membership-success
  membership: {
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
  },
  // spec §2 /account
  account: {
    deletePlaceholder: 'This feature will be implemented soon.',
    noMembership: 'No active membership',
  },
  // spec §8 success messages
  success: {
    checkedIn: 'Attendee checked in successfully',
    checkInUndone: 'Check-in undone successfully',
    registrationDeleted: 'Registration deleted successfully',
    eventCreated: 'Event created successfully!',
    eventUpdated: 'Event updated successfully!',
    eventDeleted: 'Event deleted successfully',
    joined: 'Successfully joined the room!',
    photoUploaded: 'Photo uploaded successfully!',
    linkedinImported: 'LinkedIn profile imported!',
    infoUpdated: 'Information updated successfully!',
    logoUploaded: 'Logo uploaded successfully',
    logoRemoved: 'Logo removed',
    imageOptimized: 'Image optimized',
    urlCopied: 'URL copied',
    attendeeRemoved: 'Attendee removed',
    cleanupCompleted: 'Data cleanup completed',
    // ours: the spec says what is reported, not the wording
    cleanupReport: (events: number, records: number) =>
      `Processed ${plural(events, 'event', 'events')} and removed ${plural(records, 'personal record', 'personal records')}.`,
    membershipUpdated: 'Membership status updated successfully',
    redirectingToPayment: 'Redirecting to payment',
    downloadStarted: 'Download started',
  },
  // spec §2 guards and 404, §6 administrator
  guards: {
    loading: 'Loading...',
    adminOnly: 'Access denied. Administrator privileges required.',
    rolesError: (error: string) => `Error loading user permissions: ${error}`,
    notFoundTitle: 'Oops! Page not found',
    errorTitle: 'Something went wrong',
    errorBody: "We're sorry, but something unexpected happened. Please try refreshing the page.",
    refresh: 'Refresh Page',
  },
  // spec §2 admin dashboard
  admin: {
    noRevenue: 'No revenue data available yet.',
  },
  // spec §8 data and events (generic query and mutation toasts), §2 dashboard
  common: {
    unexpected: 'Unexpected error occurred',
    operationSuccess: 'Operation completed successfully',
    never: 'Never',
  },
} as const;
