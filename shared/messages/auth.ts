// Texts of accounts, guards and common states (spec §5, §8 auth, §2 guards).
import { plural } from './plural';

export const authMessages = {
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
    signupChoosePassword: 'Email confirmed! Choose a password to finish signing up.', // ours: competing sign-ups
    recoverySuccess: 'Link verified! You can now set a new password.', // ours
    emailChangeSuccess: 'Email address updated! Please sign in with your new email.', // ours
    magiclinkSuccess: 'Signed in! Welcome back.', // ours
  },
  // spec §2 /account
  account: {
    deletePlaceholder: 'This feature will be implemented soon.',
    noMembership: 'No active membership',
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
  // spec §8 data and events (generic query and mutation toasts), §2 dashboard
  common: {
    unexpected: 'Unexpected error occurred',
    // ours: the answer to a request that arrives while the server is shutting down
    restarting: 'The server is restarting. Please try again in a moment.',
    // ours: live updates are served over the WebSocket only
    subscriptionsOverWebSocket: 'Live updates are only available over a WebSocket connection',
    // ours: the body of a 404 for a missing upload or asset
    notFound: 'Not found',
    operationSuccess: 'Operation completed successfully',
    never: 'Never',
  },
} as const;
