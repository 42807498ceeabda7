import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../constants';
import { M } from '../messages';
import { eventFormDefaults, eventFormSchema, eventListSchema, eventUpdateSchema } from './events';

const LOGO = `/uploads/${'a'.repeat(64)}.png`;
const valid = {
  ...eventFormDefaults(),
  name: 'Tech Night @ Café (Leeds) - Vol. 2, Ed & Co',
  venue: "St. Mary's Hall",
  city: 'Zürich',
  event_date: '2026-12-01',
  start_time: '18:00',
  end_time: '21:30',
};

/** Every message the form would show for these values, by field. */
function errors(values: Record<string, unknown>) {
  const r = eventFormSchema.safeParse({ ...valid, ...values });
  return Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('eventFormSchema passing (spec §5)', () => {
  it('parses a valid form with the defaults filled in', () => {
    expect(eventFormSchema.parse(valid)).toEqual({
      name: valid.name,
      venue: valid.venue,
      city: 'Zürich',
      event_date: '2026-12-01',
      start_time: '18:00',
      end_time: '21:30',
      time_zone: new Intl.DateTimeFormat().resolvedOptions().timeZone, // the browser's own, by default
      email_required: false,
      phone_required: false,
      sponsor_enabled: false,
      sponsor_logo_url: null,
      sponsor_link_url: null,
      sponsor_text: DEFAULTS.SPONSOR_TEXT,
      sponsor_utm_source: null,
      sponsor_utm_medium: null,
      sponsor_utm_campaign: null,
      sponsor_utm_content: null,
      sponsor_utm_term: null,
      download_enabled: false,
      download_price: 0,
      download_formats: ['csv'],
    });
  });

  it('trims names, accepts 100 characters, drops seconds from times', () => {
    const out = eventFormSchema.parse({
      ...valid,
      name: `  ${'a'.repeat(100)} `,
      start_time: '09:15:00',
      end_time: '23:45',
    });
    expect(out.name).toBe('a'.repeat(100));
    expect([out.start_time, out.end_time]).toEqual(['09:15', '23:45']);
  });

  it('normalises the sponsor URL and keeps logo, text and UTM values (sanitised)', () => {
    const out = eventFormSchema.parse({
      ...valid,
      sponsor_enabled: true,
      sponsor_logo_url: LOGO,
      sponsor_link_url: '  acme.example.com/offer ',
      sponsor_text: 'Brought to you by <script>alert(1)</script>Acme ',
      sponsor_utm_source: ' roomlist ',
      sponsor_utm_campaign: 'javascript:spring',
      sponsor_utm_term: '   ',
    });
    expect(out).toMatchObject({
      sponsor_logo_url: LOGO,
      sponsor_link_url: 'https://acme.example.com/offer',
      sponsor_text: 'Brought to you by Acme ',
      sponsor_utm_source: 'roomlist',
      sponsor_utm_campaign: 'spring',
      sponsor_utm_term: null,
    });
  });

  it('stores blank sponsor text as null', () => {
    expect(eventFormSchema.parse({ ...valid, sponsor_text: '  ' }).sponsor_text).toBeNull();
  });

  it('takes downloads with a price in pence and CSV, deduplicated', () => {
    const out = eventFormSchema.parse({
      ...valid,
      download_enabled: true,
      download_price: 250,
      download_formats: ['csv', 'csv'],
    });
    expect(out).toMatchObject({ download_enabled: true, download_price: 250, download_formats: ['csv'] });
  });

  it("takes a free price or one at least Stripe's minimum charge, nothing between", () => {
    for (const price of [0, 30, 31]) expect(errors({ download_enabled: true, download_price: price })).toEqual({});
  });

  it('allows no formats while downloads are off', () => {
    expect(eventFormSchema.safeParse({ ...valid, download_formats: [] }).success).toBe(true);
  });
});

describe('eventFormSchema messages (spec §5, §8)', () => {
  it.each([
    ['name', ['', '   ', null, 'a'.repeat(101)], M.eventForm.nameInvalid],
    ['name', ['Party <b>'], M.eventForm.charRefused(M.eventForm.nameInvalid, '<')],
    ['name', ['x=1'], M.eventForm.charRefused(M.eventForm.nameInvalid, '=')],
    ['venue', [''], M.eventForm.venueInvalid],
    ['venue', ['Hall #1'], M.eventForm.charRefused(M.eventForm.venueInvalid, '#')],
    ['city', [''], M.eventForm.cityInvalid],
    ['city', ['Leeds!'], M.eventForm.charRefused(M.eventForm.cityInvalid, '!')],
    ['event_date', ['', null], M.eventForm.dateRequired],
    ['event_date', ['2026-02-30', '01/12/2026', '2026-12-01T10:00'], M.eventForm.dateInvalid],
    ['start_time', ['', null], M.eventForm.startTimeRequired],
    ['end_time', ['', null], M.eventForm.endTimeRequired],
    ['start_time', ['18:10', '24:00', '8:00', '18:00:30'], M.eventForm.timeInvalid],
    [
      'sponsor_link_url',
      ['not a url', 'javascript:alert(1)', 'https://localhost'],
      M.eventForm.invalidUrl('example.com', 'https://example.com'),
    ],
    [
      'sponsor_logo_url',
      ['https://evil.example/logo.png', '/uploads/../app.db', 'data:image/png;base64,AAAA'],
      M.eventForm.logoInvalid,
    ],
    ['sponsor_text', ['x'.repeat(101)], M.eventForm.sponsorTextTooLong],
    ['sponsor_utm_medium', ['m'.repeat(51)], M.eventForm.utmTooLong],
    ['download_price', [-1, 1.5, '10'], M.eventForm.priceInvalid],
    ['download_price', [100_001], M.eventForm.priceTooHigh],
    ['download_price', [1, 29], M.eventForm.priceBelowMinimum],
  ])('%s %j → %s', (field, values, message) => {
    for (const value of values) expect(errors({ [field]: value })).toEqual({ [field]: message });
  });

  it('End time must be after start time (equal or earlier)', () => {
    expect(errors({ start_time: '18:00', end_time: '18:00' })).toEqual({ end_time: M.eventForm.endAfterStart });
    expect(errors({ start_time: '18:00', end_time: '09:45' })).toEqual({ end_time: M.eventForm.endAfterStart });
  });

  it('offers PDF beside CSV (issue 9: the printable attendee sheet replaces "Coming Soon")', () => {
    expect(errors({ download_enabled: true, download_formats: ['pdf'] })).toEqual({});
    expect(eventFormSchema.parse({ ...valid, download_formats: ['csv', 'pdf', 'pdf'] }).download_formats).toEqual([
      'csv',
      'pdf',
    ]);
  });

  it('At least one download format must be selected when downloads are enabled', () => {
    expect(errors({ download_enabled: true, download_formats: [] })).toEqual({
      download_formats: M.eventForm.formatRequired,
    });
  });

  it('reports every failing field at once, cross-field rules included', () => {
    expect(
      errors({
        name: '',
        venue: '',
        city: '',
        event_date: '',
        start_time: '20:00',
        end_time: '19:00',
        download_enabled: true,
        download_formats: [],
      }),
    ).toEqual({
      name: M.eventForm.nameInvalid,
      venue: M.eventForm.venueInvalid,
      city: M.eventForm.cityInvalid,
      event_date: M.eventForm.dateRequired,
      end_time: M.eventForm.endAfterStart,
      download_formats: M.eventForm.formatRequired,
    });
  });
});

describe('time_zone', () => {
  it('takes an IANA zone as Intl spells it; not sent, none (the server decides)', () => {
    expect(eventFormSchema.parse({ ...valid, time_zone: ' europe/london ' }).time_zone).toBe('Europe/London');
    expect(eventFormSchema.parse({ ...valid, time_zone: undefined }).time_zone).toBeUndefined();
    expect(eventFormSchema.parse({ ...valid, time_zone: null }).time_zone).toBeUndefined();
  });

  it.each(['', 'London', 'Mars/Olympus_Mons', '+01:00', 42])('refuses %j with its message', (time_zone) => {
    expect(errors({ time_zone })).toEqual({ time_zone: M.timeZone.invalid });
  });
});

describe('eventUpdateSchema and eventListSchema', () => {
  it('update needs an event id and applies the same rules', () => {
    const id = crypto.randomUUID();
    expect(eventUpdateSchema.parse({ ...valid, id }).id).toBe(id);
    expect(eventUpdateSchema.safeParse(valid).success).toBe(false);
    const r = eventUpdateSchema.safeParse({ ...valid, id, end_time: '17:00' });
    expect(r.error?.issues.map((i) => i.message)).toEqual([M.eventForm.endAfterStart]);
  });

  it('list defaults to all, page 1, 10 per page; limit at most 50', () => {
    expect(eventListSchema.parse(undefined)).toEqual({ filter: 'all', page: 1, limit: 10 });
    expect(eventListSchema.parse({ filter: 'past', sort: 'name-asc' })).toEqual({
      filter: 'past',
      page: 1,
      limit: 10,
      sort: 'name-asc',
    });
    expect(eventListSchema.safeParse({ limit: 51 }).success).toBe(false);
    expect(eventListSchema.safeParse({ page: 0 }).success).toBe(false);
  });
});

describe('names people paste (typographic characters)', () => {
  it('accepts en and em dashes, curly quotes and accented letters', () => {
    for (const name of ['Meetup – Winter', 'Talks — Part 2', 'Ada’s “Night”', 'Ödön & Zoë ‘24', 'Tech\u00A0Night']) {
      expect(eventFormSchema.safeParse({ ...valid, name }).success, name).toBe(true);
    }
  });

  it('a refused character is named in the message (event, venue and city)', () => {
    expect(errors({ name: 'Meetup #5' })).toEqual({ name: `${M.eventForm.nameInvalid}: “#” is not allowed` });
    expect(errors({ venue: 'Hall <b>' })).toEqual({ venue: `${M.eventForm.venueInvalid}: “<” is not allowed` });
    expect(errors({ city: 'Leeds 🎉' })).toEqual({ city: `${M.eventForm.cityInvalid}: “🎉” is not allowed` });
    // blank and too long keep the spec's message alone
    expect(errors({ name: '  ' })).toEqual({ name: M.eventForm.nameInvalid });
    expect(errors({ name: 'a'.repeat(101) })).toEqual({ name: M.eventForm.nameInvalid });
  });
});
