import { describe, expect, it } from 'vitest';
import { PAGE_VIEWS } from '../constants';
import { clip, pageViewSchema } from './analytics';

describe('pageViewSchema (spec §2 page views)', () => {
  it('accepts a path with an optional referrer', () => {
    expect(pageViewSchema.parse({ path: '/events' })).toEqual({ path: '/events' });
    expect(pageViewSchema.parse({ path: '/', referrer: 'https://example.com/' })).toEqual({
      path: '/',
      referrer: 'https://example.com/',
    });
  });

  it('rejects relative paths, and paths or referrers beyond the 2000-character URL maximum', () => {
    expect(pageViewSchema.safeParse({ path: 'events' }).success).toBe(false);
    expect(pageViewSchema.safeParse({ path: `/${'x'.repeat(2000)}` }).success).toBe(false);
    expect(pageViewSchema.safeParse({ path: '/', referrer: 'x'.repeat(2001) }).success).toBe(false);
  });

  it('cuts a long (but sane) path to 512 characters and a referrer to 1024 instead of failing', () => {
    const out = pageViewSchema.parse({
      path: `/${'p'.repeat(1999)}`,
      referrer: `https://x.example/${'r'.repeat(1900)}`,
    });
    expect(out.path).toHaveLength(PAGE_VIEWS.PATH_MAX);
    expect(out.referrer).toHaveLength(PAGE_VIEWS.REFERRER_MAX);
    expect(out.path.startsWith('/ppp')).toBe(true);
  });

  it('never leaves half of a surrogate pair when cutting', () => {
    expect(clip('ab😀', 3)).toBe('ab');
    expect(clip('ab😀', 4)).toBe('ab😀');
    expect(clip('abc', 5)).toBe('abc');
  });
});
