// Texts of signing in and up (spec §5, §8 auth).
import { plural } from './plural';

// spec §8 sign-in and sign-up error mapping, auth toasts; §5 password and forgot password
export const auth = {
  invalidCredentials: 'Invalid email or password',
  emailNotConfirmed: 'Authentication failed. Please check your credentials.',
  alreadyRegistered: 'This email is already associated with an account',
  weakPassword: 'Password does not meet security requirements',
  signupDisabled: 'Account creation is temporarily unavailable',
  notAuthorized: 'This email address is not authorized',
  rateLimited: 'Too many attempts. Please wait before trying again.',
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
} as const;
