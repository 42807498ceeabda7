// Texts of the outbox mail, passwords, verification links and the account page (spec §5, §8 auth, §2
// /account).

// ours: the embedded mail default (no SMTP configured) writes messages to the outbox folder
export const mail = {
  outboxTitle: 'No mail server is configured',
  outboxSignup:
    'The confirmation link was written to the server log (and to DATA_DIR/outbox) instead of being e-mailed.',
  outboxReset: 'The reset link was written to the server log (and to DATA_DIR/outbox) instead of being e-mailed.',
} as const;

// spec §5 Password
export const password = {
  tooShort: 'Password must be at least 8 characters long',
  needUppercase: 'Include at least one uppercase letter',
  needLowercase: 'Include at least one lowercase letter',
  needNumber: 'Include at least one number',
  avoidCommon: 'Avoid common patterns and words',
  strength: { veryWeak: 'Very Weak', weak: 'Weak', good: 'Good', strong: 'Strong' },
} as const;

// spec §8 verification link
export const verify = {
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
} as const;

// spec §2 /account
export const account = {
  deletePlaceholder: 'This feature will be implemented soon.',
  noMembership: 'No active membership',
} as const;
