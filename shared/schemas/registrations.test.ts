import { describe, expect, it } from 'vitest';
import { PHOTOS } from '../constants';
import { M } from '../messages';
import {
  editRegistrationSchema,
  joinSchema,
  mineSchema,
  PHOTO_MESSAGES,
  photoFileProblem,
  registrationListSchema,
  registrationSchema,
  registrationTokenSchema,
} from './registrations';

const PHOTO = 'R0lGODlhAQABAAAAACw='; // any base64: the server judges the image itself
const form = (o: Record<string, unknown> = {}) => ({
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: '',
  phone: '',
  headline: '',
  photo: PHOTO,
  ...o,
});
const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? [];
const both = { email_required: true, phone_required: true };

describe('registrationSchema (spec §5 attendee registration)', () => {
  it('accepts a minimal entry; blanks become null, text is trimmed', () => {
    expect(registrationSchema().parse(form({ first_name: '  Ada ', email: '  ', headline: '   ' }))).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: null,
      phone: null,
      headline: null,
      photo: PHOTO,
      // docs/privacy.md: contacts to connections only, on the venue screen, out of downloads
      contact_visibility: 'connections',
      show_on_display: true,
      share_in_download: false,
    });
  });

  it("takes the event-name characters: accents, digits, - ' , . & @ ( )", () => {
    const v = registrationSchema().parse(form({ first_name: "Zoë-Anne O'Neil (ZA)", last_name: 'Smith & Co. 2' }));
    expect([v.first_name, v.last_name]).toEqual(["Zoë-Anne O'Neil (ZA)", 'Smith & Co. 2']);
  });

  it.each([
    ['first_name', '', M.attendees.firstNameInvalid],
    ['first_name', '   ', M.attendees.firstNameInvalid],
    ['first_name', '<b>Ada</b>', M.eventForm.charRefused(M.attendees.firstNameInvalid, '<')],
    ['first_name', 'x'.repeat(101), M.attendees.firstNameInvalid],
    ['last_name', undefined, M.attendees.lastNameInvalid],
    ['last_name', 'Love=lace', M.eventForm.charRefused(M.attendees.lastNameInvalid, '=')],
    ['email', 'ada@', M.attendees.invalidEmail],
    ['phone', '12345', M.attendees.invalidPhone],
    ['phone', '0113 496 0000 ext', M.attendees.invalidPhone],
    ['headline', 'x'.repeat(301), M.attendees.headlineTooLong],
    ['photo', '', M.attendees.photoRequired],
    ['photo', undefined, M.attendees.photoRequired],
    ['photo', 'not base64!', PHOTO_MESSAGES.unsupported],
    ['photo', 'A'.repeat(PHOTOS.BASE64_MAX + 4), PHOTO_MESSAGES.tooLarge],
  ])('%s = %j gives the spec message', (field, value, message) => {
    expect(messages(registrationSchema().safeParse(form({ [field]: value })))).toEqual([message]);
  });

  it('takes as base64 exactly the alphabet then at most two "=", on the native fast path too', () => {
    const rule = /^[A-Za-z0-9+/]+={0,2}$/;
    const long = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 37) % 256)).toString('base64');
    const values = [
      ...['QUJD', 'QUJDRA==', 'QUJDRA=', 'QUJDRA', 'QUJDRAE=', 'a', 'a=', 'a==', 'a===', 'ab=c', 'QUJD===='],
      ...['QU JD', 'QUJD\n', '\tQUJD', 'QUJ\rD', 'QU\fJD', 'QUJD\u00a0', 'QUJD\u2028', '-_-_', 'QUJDé', '=QUJD'],
      ...[long, `${long.slice(0, 76)}\n${long.slice(76)}`, `${long} `, `${long.slice(0, -1)}`, `${long}=`, `${long}A`],
    ];
    for (const photo of values) {
      const ok = registrationSchema().safeParse(form({ photo })).success;
      expect(ok, JSON.stringify(photo.slice(0, 20))).toBe(rule.test(photo));
    }
  });

  it('uses the spec texts for the photo', () => {
    expect(PHOTO_MESSAGES.unsupported).toBe(
      'Unsupported image format: Please select a JPEG, PNG, GIF, or WebP image file.',
    );
    expect(PHOTO_MESSAGES.tooLarge).toBe('File too large: Please select an image smaller than 5MB.');
  });

  it('requires e-mail and phone only when the event says so', () => {
    expect(registrationSchema().safeParse(form()).success).toBe(true);
    expect(messages(registrationSchema(both).safeParse(form()))).toEqual([
      M.attendees.emailRequiredForEvent,
      M.attendees.phoneRequiredForEvent,
    ]);
    const ok = registrationSchema(both).parse(form({ email: ' Ada@Example.COM ', phone: '+44 (0)113 496-0000' }));
    expect([ok.email, ok.phone]).toEqual(['ada@example.com', '+44 (0)113 496-0000']);
  });

  it('reports every failing field at once', () => {
    const r = registrationSchema(both).safeParse({ photo: '' });
    expect(messages(r)).toEqual([
      M.attendees.firstNameInvalid,
      M.attendees.lastNameInvalid,
      M.attendees.emailRequiredForEvent,
      M.attendees.phoneRequiredForEvent,
      M.attendees.photoRequired,
    ]);
  });

  it('accepts a 300-character headline and sanitises it', () => {
    expect(registrationSchema().parse(form({ headline: 'x'.repeat(300) })).headline).toHaveLength(300);
    const v = registrationSchema().parse(
      form({ headline: 'Hi <script>alert(1)</script><a onclick=x href="javascript:y">' }),
    );
    expect(v.headline).toBe('Hi <a x href="y">');
  });

  it('accepts a data URL and keeps only its base64', () => {
    expect(registrationSchema().parse(form({ photo: `data:image/jpeg;base64,${PHOTO}` })).photo).toBe(PHOTO);
  });

  it('is idempotent, so the server can check its output again against the event', () => {
    const once = registrationSchema().parse(form({ email: 'A@B.CO', headline: ' <script>x</script>hello ' }));
    expect(registrationSchema().parse(once)).toEqual(once);
  });
});

describe('editRegistrationSchema (spec §5 edit registration)', () => {
  it.each([
    ['first_name', '', M.attendees.missingInfoBody],
    ['last_name', ' ', M.attendees.missingInfoBody],
    ['first_name', 'Ada<', M.eventForm.charRefused(M.attendees.firstNameInvalid, '<')],
    ['headline', 'x'.repeat(301), M.attendees.headlineTooLong],
  ])('%s = %j gives %j', (field, value, message) => {
    expect(messages(editRegistrationSchema().safeParse(form({ [field]: value })))).toEqual([message]);
  });

  it('says "Email required" and "Phone required" when the event needs them', () => {
    expect(messages(editRegistrationSchema(both).safeParse(form()))).toEqual([
      M.attendees.emailRequired,
      M.attendees.phoneRequired,
    ]);
    expect(M.attendees.missingInfoBody).toBe('First name and last name are required.');
  });

  it('keeps the photo when none is sent', () => {
    expect(editRegistrationSchema().parse(form({ photo: '' })).photo).toBeNull();
    expect(editRegistrationSchema().parse(form({ photo: undefined })).photo).toBeNull();
  });
});

describe('photoFileProblem (spec §5 photo upload, in the browser)', () => {
  it.each(['image/jpeg', 'image/jpg', 'image/png', 'image/gif', 'image/webp'])('accepts %s under 5 MB', (type) => {
    expect(photoFileProblem({ type, size: 5 * 1024 * 1024 - 1 })).toBeUndefined();
  });
  it('refuses other types and 5 MB or more', () => {
    expect(photoFileProblem({ type: 'image/svg+xml', size: 10 })).toBe(PHOTO_MESSAGES.unsupported);
    expect(photoFileProblem({ type: 'image/heic', size: 10 })).toBe(PHOTO_MESSAGES.unsupported);
    expect(photoFileProblem({ type: 'image/png', size: 5 * 1024 * 1024 })).toBe(PHOTO_MESSAGES.tooLarge);
  });
});

describe('tokens and queries', () => {
  it('a token is a UUID-like string of bounded length', () => {
    expect(registrationTokenSchema.safeParse(crypto.randomUUID()).success).toBe(true);
    expect(registrationTokenSchema.safeParse('short').success).toBe(false);
    expect(registrationTokenSchema.safeParse('a'.repeat(101)).success).toBe(false);
    expect(registrationTokenSchema.safeParse(`${crypto.randomUUID()}'--`).success).toBe(false);
  });

  it('the join input carries the event and the token', () => {
    const eventId = crypto.randomUUID();
    expect(joinSchema.safeParse({ ...form(), eventId, token: crypto.randomUUID() }).success).toBe(true);
    expect(joinSchema.safeParse({ ...form(), eventId }).success).toBe(false);
  });

  it('a browser sends at most 20 tokens', () => {
    const eventId = crypto.randomUUID();
    const tokens = (n: number) => Array.from({ length: n }, () => crypto.randomUUID());
    expect(mineSchema.safeParse({ eventId, tokens: tokens(20) }).success).toBe(true);
    expect(mineSchema.safeParse({ eventId, tokens: tokens(21) }).success).toBe(false);
  });

  it('the list defaults to newest, page 1, 10 per page (spec §7, §9)', () => {
    const eventId = crypto.randomUUID();
    expect(registrationListSchema.parse({ eventId })).toEqual({
      eventId,
      search: '',
      sortBy: 'newest',
      page: 1,
      limit: 10,
      pinned: [],
      display: false,
    });
    expect(registrationListSchema.safeParse({ eventId, sortBy: 'random' }).success).toBe(false);
    expect(registrationListSchema.safeParse({ eventId, limit: 51 }).success).toBe(false);
  });
});
