import { M } from './messages';

// spec §8 "Sign-in and sign-up error mapping": the first matching row wins; conditions are
// case-insensitive substrings of the message, or the error code (auth-service codes of the same
// meaning are listed beside the spec's).
interface Row {
  text: string;
  messageIncludes: readonly string[];
  codes?: readonly string[];
}

const ROWS: readonly Row[] = [
  {
    text: M.auth.invalidCredentials,
    messageIncludes: ['invalid login credentials', 'user not found', 'invalid password', 'invalid_credentials'],
    codes: ['invalid_credentials', 'user_not_found'],
  },
  {
    text: M.auth.emailNotConfirmed,
    messageIncludes: ['email not confirmed', 'email_not_confirmed'],
    codes: ['email_not_confirmed'],
  },
  {
    text: M.auth.alreadyRegistered,
    messageIncludes: ['already registered', 'already been registered'],
    codes: ['user_already_exists', 'email_exists'],
  },
  { text: M.auth.weakPassword, messageIncludes: ['weak_password'], codes: ['weak_password'] },
  { text: M.auth.signupDisabled, messageIncludes: ['signup_disabled'], codes: ['signup_disabled'] },
  {
    text: M.auth.notAuthorized,
    messageIncludes: ['email_address_not_authorized'],
    codes: ['email_address_not_authorized'],
  },
  { text: M.auth.rateLimited, messageIncludes: ['rate limit', 'too many'] },
  { text: M.common.network, messageIncludes: ['network', 'fetch'] },
];

const MAPPED_TEXTS: ReadonlySet<string> = new Set([...ROWS.map((r) => r.text), M.auth.generic]);

/** spec §8: turns a raw auth failure into the one text the user sees. A known code wins over the message. */
export function mapAuthError(message: string | undefined | null, code?: string): string {
  const raw = message ?? '';
  if (MAPPED_TEXTS.has(raw)) return raw;
  const lowerCode = code?.toLowerCase();
  if (lowerCode) {
    const byCode = ROWS.find((row) => row.codes?.includes(lowerCode));
    if (byCode) return byCode.text;
    // e.g. over_request_rate_limit, over_email_send_rate_limit
    if (lowerCode.includes('rate_limit')) return M.auth.rateLimited;
  }
  const msg = raw.toLowerCase();
  const byMessage = ROWS.find((row) => row.messageIncludes.some((needle) => msg.includes(needle)));
  return byMessage?.text ?? M.auth.generic;
}
