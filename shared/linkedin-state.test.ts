import { describe, expect, it } from 'vitest';
import { LINKEDIN } from './constants';
import { checkState, encodeState } from './linkedin-state';
import { M } from './messages';

const T = Date.UTC(2026, 10, 22, 12);

describe('LinkedIn state check (spec §4, §9: 10 minutes)', () => {
  const stored = encodeState('abc123', T);

  it('accepts the stored state, returned within 10 minutes', () => {
    expect(checkState(stored, 'abc123', T)).toBeNull();
    expect(checkState(stored, 'abc123', T + LINKEDIN.STATE_TTL_MS - 1)).toBeNull();
  });

  it('refuses a missing stored state', () => {
    expect(checkState(null, 'abc123', T)).toBe(M.linkedin.securityFailed);
  });

  it.each([['not base64!'], [btoa('not json')], [btoa(JSON.stringify({ value: 'abc123' }))], [btoa('null')]])(
    'refuses a stored state that does not decode: %s',
    (bad) => {
      expect(checkState(bad, 'abc123', T)).toBe(M.linkedin.securityFailed);
    },
  );

  it('refuses a state 10 minutes old (or from the future) as expired', () => {
    expect(checkState(stored, 'abc123', T + LINKEDIN.STATE_TTL_MS)).toBe(M.linkedin.expired);
    expect(checkState(stored, 'abc123', T - 1)).toBe(M.linkedin.expired);
  });

  it('refuses a state that is not the stored one', () => {
    expect(checkState(stored, 'abc124', T)).toBe(M.linkedin.securityFailed);
    expect(checkState(stored, null, T)).toBe(M.linkedin.securityFailed);
  });
});
