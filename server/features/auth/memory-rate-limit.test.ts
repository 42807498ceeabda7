import { describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { fixedClock } from '../../lib/clock';
import { createMemoryRateLimiter } from './memory-rate-limit';

const RULE = { MAX_ATTEMPTS: 3, WINDOW_MS: 10_000, LOCKOUT_MS: 60_000 };
const setUp = (maxKeys = 100) => {
  const clock = fixedClock('2026-11-23T10:00:00Z');
  return { clock, limiter: createMemoryRateLimiter(clock, RULE, maxKeys) };
};

// The same rules as the database limiter (rate-limit.ts + recordAttempt), counted in memory.
describe('createMemoryRateLimiter', () => {
  it('counts attempts per key; the one reaching the maximum passes and starts the lockout', () => {
    const { limiter } = setUp();
    expect([1, 2, 3].map(() => limiter.attempt(['ip:a']))).toEqual([
      { refused: false, remaining: 2 },
      { refused: false, remaining: 1 },
      { refused: false, remaining: 0 },
    ]);
    expect(limiter.attempt(['ip:a'])).toEqual({ refused: true, retryAfterMs: 60_000 });
    expect(limiter.attempt(['ip:b'])).toEqual({ refused: false, remaining: 2 }); // another key is not affected
  });

  it('refuses with the spec text and the minutes left during the lockout, and counts afresh after it', () => {
    const { clock, limiter } = setUp();
    for (let i = 0; i < 3; i++) limiter.enforce(['ip:a']);
    clock.advance(30_000);
    expect(() => limiter.enforce(['ip:a'])).toThrow(M.auth.rateLimited);
    expect(limiter.attempt(['ip:a'])).toEqual({ refused: true, retryAfterMs: 30_000 });
    clock.advance(30_001);
    expect(limiter.enforce(['ip:a'])).toMatchObject({ remaining: 2 });
  });

  it('starts a new window once the last one has passed', () => {
    const { clock, limiter } = setUp();
    limiter.attempt(['ip:a']);
    limiter.attempt(['ip:a']);
    clock.advance(RULE.WINDOW_MS - 1);
    expect(limiter.attempt(['ip:a'])).toEqual({ refused: false, remaining: 0 }); // still the same window
    const other = setUp();
    other.limiter.attempt(['ip:a']);
    other.limiter.attempt(['ip:a']);
    other.clock.advance(RULE.WINDOW_MS);
    expect(other.limiter.attempt(['ip:a'])).toEqual({ refused: false, remaining: 2 });
  });

  it('holds at most maxKeys: idle keys go first, a running lockout is kept', () => {
    const { clock, limiter } = setUp(3);
    for (let i = 0; i < 3; i++) limiter.attempt(['ip:locked']);
    limiter.attempt(['ip:idle']);
    clock.advance(RULE.WINDOW_MS);
    limiter.attempt(['ip:new']);
    limiter.attempt(['ip:newer']); // full: the idle key is dropped, not the lockout
    expect(limiter.size()).toBe(3);
    expect(limiter.attempt(['ip:locked'])).toMatchObject({ refused: true });
  });
});
