import { describe, expect, it } from 'vitest';
import { mapAuthError } from './auth-errors';
import { M } from './messages';

describe('mapAuthError (spec §8 sign-in and sign-up error mapping)', () => {
  it.each([
    ['Invalid login credentials', M.auth.invalidCredentials],
    ['INVALID LOGIN CREDENTIALS', M.auth.invalidCredentials],
    ['User not found', M.auth.invalidCredentials],
    ['invalid password', M.auth.invalidCredentials],
    ['invalid_credentials', M.auth.invalidCredentials],
    ['Email not confirmed', M.auth.emailNotConfirmed],
    ['User already registered', M.auth.alreadyRegistered],
    ['This address is already registered', M.auth.alreadyRegistered],
    ['A user with this email address has already been registered', M.auth.alreadyRegistered],
    ['weak_password', M.auth.weakPassword],
    ['signup_disabled', M.auth.signupDisabled],
    ['email_address_not_authorized', M.auth.notAuthorized],
    ['Email rate limit exceeded', M.auth.rateLimited],
    ['Too many requests', M.auth.rateLimited],
    ['NetworkError when attempting to fetch resource.', M.common.network],
    ['Failed to fetch', M.common.network],
    ['Network request failed', M.common.network],
    ['Something odd', M.auth.generic],
    ['', M.auth.generic],
  ])('%j → %j', (message, expected) => {
    expect(mapAuthError(message)).toBe(expected);
  });

  it('shows the spec texts', () => {
    expect(mapAuthError('Invalid login credentials')).toBe('Invalid email or password');
    expect(mapAuthError('Email not confirmed')).toBe('Authentication failed. Please check your credentials.');
    expect(mapAuthError('User already registered')).toBe('This email is already associated with an account');
    expect(mapAuthError('weak_password')).toBe('Password does not meet security requirements');
    expect(mapAuthError('signup_disabled')).toBe('Account creation is temporarily unavailable');
    expect(mapAuthError('email_address_not_authorized')).toBe('This email address is not authorized');
    expect(mapAuthError('too many')).toBe('Too many attempts. Please wait before trying again.');
    expect(mapAuthError('fetch')).toBe('Connection error. Please check your internet connection and try again.');
    expect(mapAuthError('???')).toBe('An error occurred. Please try again.');
  });

  it('maps by code', () => {
    expect(mapAuthError('Bad request', 'invalid_credentials')).toBe(M.auth.invalidCredentials);
    expect(mapAuthError(undefined, 'email_not_confirmed')).toBe(M.auth.emailNotConfirmed);
    expect(mapAuthError('Password is too short', 'weak_password')).toBe(M.auth.weakPassword);
    expect(mapAuthError('x', 'signup_disabled')).toBe(M.auth.signupDisabled);
    expect(mapAuthError('x', 'email_address_not_authorized')).toBe(M.auth.notAuthorized);
    expect(mapAuthError('x', 'user_already_exists')).toBe(M.auth.alreadyRegistered);
    expect(mapAuthError('x', 'over_request_rate_limit')).toBe(M.auth.rateLimited);
    expect(mapAuthError('Failed to fetch', 'unknown_code')).toBe(M.common.network);
  });

  it('handles missing messages', () => {
    expect(mapAuthError(undefined)).toBe(M.auth.generic);
    expect(mapAuthError(null)).toBe(M.auth.generic);
  });

  it('returns an already mapped text unchanged', () => {
    for (const text of [
      M.auth.invalidCredentials,
      M.auth.emailNotConfirmed,
      M.auth.alreadyRegistered,
      M.auth.weakPassword,
      M.auth.signupDisabled,
      M.auth.notAuthorized,
      M.auth.rateLimited,
      M.common.network,
      M.auth.generic,
    ]) {
      expect(mapAuthError(text)).toBe(text);
    }
  });
});
