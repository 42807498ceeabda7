import { describe, expect, it } from 'vitest';
import { isValidWebUrl, normalizeUrl, sponsorHref } from './sponsor';

describe('normalizeUrl (spec §5 sponsor URL, on blur)', () => {
  it.each([
    ['example.com', 'https://example.com'],
    ['  example.com/path  ', 'https://example.com/path'],
    ['http://example.com', 'http://example.com'],
    ['HTTPS://Example.com', 'HTTPS://Example.com'],
    ['exa mple.com', 'https://example.com'],
    ['', ''],
    ['   ', ''],
  ])('%j → %j', (raw, expected) => {
    expect(normalizeUrl(raw)).toBe(expected);
  });
});

describe('isValidWebUrl', () => {
  it.each(['https://example.com', 'http://sub.example.co.uk/a?b=c', 'https://xn--caf-dma.fr'])('accepts %s', (url) => {
    expect(isValidWebUrl(url)).toBe(true);
  });
  it.each([
    'https://localhost',
    'https://example',
    'javascript:alert(1)',
    normalizeUrl('javascript:alert(1)'),
    'ftp://example.com',
    'https://user:pw@example.com',
    'https://exa_mple.com',
    `https://example.com/${'a'.repeat(2000)}`,
  ])('refuses %s', (url) => {
    expect(isValidWebUrl(url)).toBe(false);
  });
});

describe('sponsorHref (spec §5 UTM)', () => {
  const base = { sponsor_link_url: 'https://acme.example.com/offer' };

  it('appends the non-empty UTM values as utm_ parameters', () => {
    const href = sponsorHref({
      ...base,
      sponsor_utm_source: 'roomlist',
      sponsor_utm_medium: ' ',
      sponsor_utm_campaign: 'spring 2027',
      sponsor_utm_content: null,
      sponsor_utm_term: 'badge',
    });
    expect(href).toBe('https://acme.example.com/offer?utm_source=roomlist&utm_campaign=spring+2027&utm_term=badge');
  });

  it('keeps existing query values and returns the bare URL without UTM values', () => {
    expect(sponsorHref({ sponsor_link_url: 'https://acme.example.com/?ref=1', sponsor_utm_medium: 'display' })).toBe(
      'https://acme.example.com/?ref=1&utm_medium=display',
    );
    expect(sponsorHref(base)).toBe('https://acme.example.com/offer');
  });

  it('normalises a stored URL without a scheme, and gives null without a valid URL', () => {
    expect(sponsorHref({ sponsor_link_url: 'acme.example.com' })).toBe('https://acme.example.com/');
    expect(sponsorHref({ sponsor_link_url: null })).toBeNull();
    expect(sponsorHref({ sponsor_link_url: 'javascript:alert(1)' })).toBeNull();
  });
});
