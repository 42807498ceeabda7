import { describe, expect, it } from 'vitest';
import { M } from './messages';

describe('parameterised messages', () => {
  it('lockout minutes, singular and plural', () => {
    expect(M.auth.lockedBody(30)).toBe('Too many failed attempts. Please wait 30 minutes before trying again.');
    expect(M.auth.lockedBody(1)).toBe('Too many failed attempts. Please wait 1 minute before trying again.');
  });

  it('remaining attempts, singular and plural', () => {
    expect(M.auth.remainingAttempts(4)).toBe('4 attempts remaining');
    expect(M.auth.remainingAttempts(1)).toBe('1 attempt remaining');
  });

  it('texts with values', () => {
    expect(M.attendees.noMatch('bob')).toBe('No attendees found matching "bob"');
    expect(M.guards.rolesError('timeout')).toBe('Error loading user permissions: timeout');
    expect(M.events.showing(11, 20, 35)).toBe('Showing 11 to 20 of 35 events');
    expect(M.attendees.joinTitle('Tech Night')).toBe('Join the room for Tech Night');
    expect(M.eventForm.titleEditNamed('Tech Night')).toBe("Edit 'Tech Night'");
    expect(M.eventForm.counter(12, 50)).toBe('12/50');
  });

  it('membership labels', () => {
    expect(M.membership.typeLabel['pay-as-you-go']).toBe('Pay as you go');
    expect(M.membership.typeLabel.annual).toBe('Annual Subscription');
    expect(M.membership.typeLabel.enterprise).toBe('Enterprise');
    expect(M.membership.typeLabel.none).toBe(M.account.noMembership);
  });

  it('has no empty texts', () => {
    const walk = (node: unknown): void => {
      if (typeof node === 'string') expect(node.length).toBeGreaterThan(0);
      else if (node && typeof node === 'object') Object.values(node).forEach(walk);
    };
    walk(M);
  });
});

describe('message groups', () => {
  it('are the exports of shared/messages/groups.ts, one per name (two of one name would be a type error)', () => {
    expect(Object.keys(M).sort()).toEqual([
      'account',
      'admin',
      'attendees',
      'auth',
      'choices',
      'common',
      'door',
      'downloads',
      'eventForm',
      'events',
      'guards',
      'linkedin',
      'mail',
      'membership',
      'password',
      'payments',
      'privacy',
      'revenue',
      'success',
      'timeZone',
      'verify',
    ]);
  });
});
