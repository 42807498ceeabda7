import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ATTENDEES } from '#shared/constants';
import { M } from '#shared/messages';
import { PHOTO_MESSAGES } from '#shared/schemas/registrations';
import { rejection } from '../../../tests/helpers/factory';
import {
  anon,
  attendeeCount,
  changes,
  eraseFlag,
  joinInput,
  joinTogether,
  newEvent,
  photoFiles,
  rowCount,
  s,
  setUpRegistrationsWorld,
  token,
} from '../../../tests/helpers/registrations-world';
import type { Change } from '../changes/bus';

setUpRegistrationsWorld();

describe('registrations.event (public)', () => {
  it('gives the public pages what they need, without the owner', async () => {
    const e = await newEvent(s.ada, { email_required: true, sponsor_enabled: true, download_enabled: true });
    const got = await (await anon()()).event({ eventId: e.id });
    expect(got).toMatchObject({
      id: e.id,
      name: 'Tech Night',
      venue: 'The Hall',
      city: 'Leeds',
      event_date: '2026-11-27',
      start_time: '18:00',
      end_time: '21:00',
      email_required: true,
      phone_required: false,
      sponsor_enabled: true,
      download_enabled: true,
      download_formats: ['csv'],
      personal_data_deleted: false,
      attendee_count: 0,
      scheduled_deletion_date: e.scheduled_deletion_date,
    });
    expect(got).not.toHaveProperty('user_id');
    expect(JSON.stringify(got)).not.toContain(s.ada.id);
  });

  it('says "Event not found" for a missing event', async () => {
    expect(await rejection((await anon()()).event({ eventId: crypto.randomUUID() }))).toEqual({
      code: 'NOT_FOUND',
      message: M.events.notFound,
    });
  });
});

describe('registrations.join (spec §5)', () => {
  it('stores the entry, its own photo file, the count and the change, then publishes it', async () => {
    const e = await newEvent(s.ada);
    const published: Change[] = [];
    s.t.deps.bus.subscribe(e.id, (c) => published.push(c));
    const r = await (await anon()()).join(joinInput(e.id, { email: 'Grace@Navy.mil', headline: ' Admiral ' }));
    expect(r).toEqual({
      id: r.id,
      event_id: e.id,
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace@navy.mil',
      phone: null,
      headline: 'Admiral',
      photo_url: expect.stringMatching(new RegExp(`^/uploads/photos/${r.id}-[a-z0-9]{24}\\.jpg$`)),
      checked_in_at: null,
      checked_out_at: null,
      contact_visibility: 'connections',
      show_on_display: true,
      share_in_download: false,
      created_at: s.t.clock.now().toISOString(),
      updated_at: s.t.clock.now().toISOString(),
    });
    expect(photoFiles()).toEqual([path.basename(r.photo_url!)]);
    const file = path.join(s.dir, r.photo_url!);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect((await sharp(fs.readFileSync(file)).metadata()).format).toBe('jpeg');
    expect(await attendeeCount(e.id)).toBe(1);
    const log = await changes(e.id);
    expect(log).toEqual([{ seq: log[0].seq, event_id: e.id, registration_id: r.id, kind: 'joined' }]);
    expect(published).toEqual(log);
    // the row holds a hash of the token, never the token
    const row = await s.t.db
      .selectFrom('event_registrations')
      .selectAll()
      .where('id', '=', r.id)
      .executeTakeFirstOrThrow();
    expect(row.registration_token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('strips the GPS position (and all EXIF) from the photo', async () => {
    const e = await newEvent(s.ada);
    expect(Buffer.from(s.gpsPhoto, 'base64').includes('PhoneCo')).toBe(true);
    const r = await (await anon()()).join(joinInput(e.id, { photo: s.gpsPhoto }));
    const stored = fs.readFileSync(path.join(s.dir, r.photo_url!));
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    expect(stored.includes('PhoneCo')).toBe(false);
  });

  it.each([
    ['a blank first name', { first_name: '' }, M.attendees.firstNameInvalid],
    ['a first name with <', { first_name: 'Gr<ace' }, M.eventForm.charRefused(M.attendees.firstNameInvalid, '<')],
    ['a blank last name', { last_name: ' ' }, M.attendees.lastNameInvalid],
    ['no photo', { photo: '' }, M.attendees.photoRequired],
    ['a bad e-mail', { email: 'grace@' }, M.attendees.invalidEmail],
    ['a short phone', { phone: '123' }, M.attendees.invalidPhone],
    ['a 301-character headline', { headline: 'x'.repeat(301) }, M.attendees.headlineTooLong],
    [
      'a text file as photo',
      { photo: Buffer.from('not an image, named photo.jpg').toString('base64') },
      PHOTO_MESSAGES.unsupported,
    ],
    ['a photo over the body cap', { photo: 'A'.repeat(1_000_004) }, PHOTO_MESSAGES.tooLarge],
  ])('refuses %s with the spec message', async (_label, o, message) => {
    const e = await newEvent(s.ada);
    expect(await rejection((await anon()()).join(joinInput(e.id, o)))).toEqual({ code: 'BAD_REQUEST', message });
    expect(await rowCount(e.id)).toBe(0);
    expect(photoFiles()).toEqual([]);
  });

  it('refuses a huge canvas with the "File too large" text', async () => {
    const e = await newEvent(s.ada);
    const huge = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const r = await rejection((await anon()()).join(joinInput(e.id, { photo: huge.toString('base64') })));
    expect(r.message).toBe(PHOTO_MESSAGES.tooLarge);
  });

  it('requires e-mail and phone when the event says so, with the spec texts', async () => {
    const e = await newEvent(s.ada, { email_required: true, phone_required: true });
    const api = await anon()();
    expect((await rejection(api.join(joinInput(e.id)))).message).toBe(
      `${M.attendees.emailRequiredForEvent}, ${M.attendees.phoneRequiredForEvent}`,
    );
    const ok = await api.join(joinInput(e.id, { email: 'g@navy.mil', phone: '+1 (555) 010-9999' }));
    expect([ok.email, ok.phone]).toEqual(['g@navy.mil', '+1 (555) 010-9999']);
  });

  it('asks for only what the event requires: e-mail alone, phone alone, or neither', async () => {
    const api = await anon()();
    const emailOnly = await newEvent(s.ada, { email_required: true, phone_required: false });
    const phoneOnly = await newEvent(s.ada, { email_required: false, phone_required: true });
    const neither = await newEvent(s.ada, { email_required: false, phone_required: false });
    expect((await rejection(api.join(joinInput(emailOnly.id)))).message).toBe(M.attendees.emailRequiredForEvent);
    expect((await rejection(api.join(joinInput(phoneOnly.id)))).message).toBe(M.attendees.phoneRequiredForEvent);
    expect((await api.join(joinInput(neither.id))).email).toBeFalsy();
    expect((await api.join(joinInput(emailOnly.id, { email: 'g@navy.mil' }))).email).toBe('g@navy.mil');
    expect((await api.join(joinInput(phoneOnly.id, { phone: '+1 (555) 010-9999' }))).phone).toBe('+1 (555) 010-9999');
  });

  it('refuses a missing event, and an event whose personal data was cleaned', async () => {
    const api = await anon()();
    expect(await rejection(api.join(joinInput(crypto.randomUUID())))).toEqual({
      code: 'NOT_FOUND',
      message: M.events.notFound,
    });
    const e = await newEvent(s.ada);
    await eraseFlag(e.id);
    expect(await rejection(api.join(joinInput(e.id)))).toEqual({ code: 'FORBIDDEN', message: M.attendees.roomClosed });
    expect(photoFiles()).toEqual([]);
  });

  it('is idempotent: the same token again (a retry) gives the same entry, one row, one file', async () => {
    const e = await newEvent(s.ada);
    const input = joinInput(e.id);
    const first = await (await anon()()).join(input);
    const retry = await (await anon()()).join({ ...input, first_name: 'Changed' });
    expect(retry).toEqual(first);
    expect([await rowCount(e.id), await attendeeCount(e.id), photoFiles().length]).toEqual([1, 1, 1]);
    expect(await changes(e.id)).toHaveLength(1);
  });

  it('is idempotent under two parallel requests with one token: one row, one file, one change', async () => {
    const e = await newEvent(s.ada);
    const input = joinInput(e.id);
    const api = await anon()();
    // the real disk storage, each photo write held until all three are done: all three pass the first lookup
    const counted = joinTogether(3);
    const [a, b, c] = await Promise.all([api.join(input), api.join(input), api.join(input)]);
    expect(counted.written).toBe(3); // three raced to the insert; the two that lost deleted their files
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    expect([await rowCount(e.id), await attendeeCount(e.id), photoFiles().length]).toEqual([1, 1, 1]);
    expect(photoFiles()).toEqual([path.basename(a.photo_url!)]);
    expect(await changes(e.id)).toHaveLength(1);
  });

  it('the same token may join two different events (one entry in each)', async () => {
    const [e1, e2] = [await newEvent(s.ada), await newEvent(s.bob)];
    const tok = token();
    const a = await (await anon()()).join(joinInput(e1.id, { token: tok }));
    const b = await (await anon()()).join(joinInput(e2.id, { token: tok }));
    expect(a.id).not.toBe(b.id);
  });
});

describe('join limits: a full venue behind one IP', () => {
  it('lets 300 joins from one address in; only real joins count toward the ceiling (600 in 10 minutes)', async () => {
    const e = await newEvent(s.ada);
    const venue = await anon('198.18.0.1')();
    const first = joinInput(e.id, { first_name: 'Retry' });
    await venue.join(first);
    for (let i = 1; i < 300; i++) await venue.join(joinInput(e.id, { first_name: `Guest${i}` }));
    expect([await rowCount(e.id), await attendeeCount(e.id)]).toEqual([300, 300]);
    // a stranger on the same Wi-Fi cannot spend the venue's ceiling: missing events, refused forms and
    // retries of a join already made cost nothing
    for (let i = 0; i < 400; i++) await venue.join(joinInput(crypto.randomUUID())).catch(() => undefined);
    for (let i = 0; i < 100; i++) await venue.join(joinInput(e.id, { first_name: '' })).catch(() => undefined);
    for (let i = 0; i < 100; i++) await venue.join(first);
    for (let i = 300; i < 600; i++) await venue.join(joinInput(e.id, { first_name: `Guest${i}` }));
    expect(await rowCount(e.id)).toBe(600);
    expect(await rejection(venue.join(joinInput(e.id)))).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: M.auth.rateLimited,
    });
    // another address is not affected; a minute later (not the whole window) the venue joins again
    await (await anon('198.18.0.2')()).join(joinInput(e.id));
    s.t.clock.advance(ATTENDEES.JOIN_RATE_LIMIT.LOCKOUT_MS + 1);
    await venue.join(joinInput(e.id));
    expect(await rowCount(e.id)).toBe(602);
  }, 120_000);

  it('counts the ceiling without a database write: a join commits once (its own transaction)', async () => {
    const e = await newEvent(s.ada);
    await (await anon('198.18.0.3')()).join(joinInput(e.id));
    const limits = await s.t.db.selectFrom('rate_limits').select('key').execute();
    expect(limits.filter((r) => r.key.startsWith('join:'))).toEqual([]);
  });

  it('limits edits of one entry (each may carry a photo to decode)', async () => {
    const e = await newEvent(s.ada);
    const tok = token();
    const r = await (await anon()()).join(joinInput(e.id, { token: tok }));
    const edit = async () =>
      (await anon()()).update({ eventId: e.id, registrationId: r.id, token: tok, first_name: 'Grace', last_name: 'H' });
    for (let i = 0; i < ATTENDEES.EDIT_RATE_LIMIT.MAX_ATTEMPTS; i++) await edit();
    expect(await rejection(edit())).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: M.auth.rateLimited });
  });
});
