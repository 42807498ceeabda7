import { createHash } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { PHOTO_MESSAGES } from '#shared/schemas/registrations';
import { type eventForm, rejection } from '../../../tests/helpers/factory';
import {
  anon,
  changes,
  joinInput,
  newEvent,
  organiser,
  photoFiles,
  s,
  setUpRegistrationsWorld,
  token,
} from '../../../tests/helpers/registrations-world';
import type { Change } from '../changes/bus';

setUpRegistrationsWorld();

describe('own entry: mine, editable, update (token ownership)', () => {
  async function joined(o: Parameters<typeof eventForm>[0] = {}) {
    const e = await newEvent(s.ada, o);
    const tok = token();
    const r = await (await anon()()).join(joinInput(e.id, { token: tok, email: 'g@navy.mil', phone: '01134960000' }));
    return { e, tok, r };
  }

  it('mine finds the entry one of the browser tokens owns, and nothing for others', async () => {
    const { e, tok, r } = await joined();
    const other = await newEvent(s.bob);
    const otherTok = token();
    await (await anon()()).join(joinInput(other.id, { token: otherTok }));
    const api = await anon()();
    expect((await api.mine({ eventId: e.id, tokens: [token(), tok] })).registration?.id).toBe(r.id);
    expect((await api.mine({ eventId: e.id, tokens: [token()] })).registration).toBeNull();
    expect((await api.mine({ eventId: e.id, tokens: [otherTok] })).registration).toBeNull(); // another event's token
    expect((await api.mine({ eventId: e.id, tokens: [] })).registration).toBeNull();
  });

  it('editable: the right token gets the entry; a wrong one or another event\'s gets "Access Denied"', async () => {
    const { e, tok, r } = await joined();
    const other = await joined();
    const api = await anon('192.0.2.99')(); // a different browser, same token: the token is the proof
    expect((await api.editable({ eventId: e.id, registrationId: r.id, token: tok })).id).toBe(r.id);
    const denied = { code: 'FORBIDDEN', message: M.attendees.accessDenied };
    expect(await rejection(api.editable({ eventId: e.id, registrationId: r.id, token: token() }))).toEqual(denied);
    expect(await rejection(api.editable({ eventId: e.id, registrationId: r.id, token: other.tok }))).toEqual(denied);
    // the other entry's own token, with this event: still not this entry
    expect(await rejection(api.editable({ eventId: e.id, registrationId: other.r.id, token: other.tok }))).toEqual(
      denied,
    );
  });

  it("update with a wrong token or another event's token fails and changes nothing", async () => {
    const { e, r } = await joined();
    const other = await joined();
    const api = await anon()();
    const edit = { eventId: e.id, registrationId: r.id, first_name: 'Mallory', last_name: 'X' };
    for (const tok of [token(), other.tok]) {
      expect(await rejection(api.update({ ...edit, token: tok }))).toEqual({
        code: 'FORBIDDEN',
        message: M.attendees.accessDenied,
      });
    }
    const row = await s.t.db
      .selectFrom('event_registrations')
      .select('first_name')
      .where('id', '=', r.id)
      .executeTakeFirst();
    expect(row?.first_name).toBe('Grace');
    expect((await changes(e.id)).map((c) => c.kind)).toEqual(['joined']);
  });

  it('update with the token changes the entry, records the change, and replaces the photo file', async () => {
    const { e, tok, r } = await joined();
    const published: Change[] = [];
    s.t.deps.bus.subscribe(e.id, (c) => published.push(c));
    s.t.clock.advance(60_000);
    const api = await anon()();
    const base = { eventId: e.id, registrationId: r.id, token: tok, first_name: 'Grace', last_name: 'Murray Hopper' };
    const kept = await api.update({ ...base, headline: 'Rear Admiral' });
    expect([kept.last_name, kept.headline, kept.photo_url, kept.updated_at]).toEqual([
      'Murray Hopper',
      'Rear Admiral',
      r.photo_url,
      s.t.clock.now().toISOString(),
    ]);
    const replaced = await api.update({ ...base, photo: s.gpsPhoto });
    expect(replaced.photo_url).not.toBe(r.photo_url);
    expect(replaced.headline).toBeNull();
    expect(photoFiles()).toEqual([path.basename(replaced.photo_url!)]); // the old file is gone
    expect((await changes(e.id)).map((c) => c.kind)).toEqual(['joined', 'updated', 'updated']);
    expect(published.map((c) => c.kind)).toEqual(['updated', 'updated']);
  });

  it('gives the edit form messages (spec §5 edit registration)', async () => {
    const { e, tok, r } = await joined({ email_required: true, phone_required: true });
    const api = await anon()();
    const base = {
      eventId: e.id,
      registrationId: r.id,
      token: tok,
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'g@navy.mil',
      phone: '01134960000',
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ first_name: '' }, M.attendees.missingInfoBody],
      [{ last_name: '  ' }, M.attendees.missingInfoBody],
      [{ email: '' }, M.attendees.emailRequired],
      [{ phone: '' }, M.attendees.phoneRequired],
      [{ headline: 'x'.repeat(301) }, M.attendees.headlineTooLong],
      [{ email: 'nope' }, M.attendees.invalidEmail],
      [{ photo: Buffer.from('GIF89a but not really').toString('base64') }, PHOTO_MESSAGES.unsupported],
    ];
    for (const [o, message] of cases) {
      expect(await rejection(api.update({ ...base, ...o }))).toEqual({ code: 'BAD_REQUEST', message });
    }
    expect((await api.update({ ...base, email: 'G@Navy.mil' })).email).toBe('g@navy.mil');
  });
});

describe('no token or hash ever leaves the server', () => {
  it('no response of any registrations procedure holds the token, its hash, or a token/hash field', async () => {
    const e = await newEvent(s.ada);
    const tok = token();
    const pub = await anon()();
    const org = await organiser(s.ada);
    const r = await pub.join(joinInput(e.id, { token: tok }));
    const responses: unknown[] = [
      r,
      await pub.join(joinInput(e.id, { token: tok })),
      await pub.event({ eventId: e.id }),
      await pub.mine({ eventId: e.id, tokens: [tok] }),
      await pub.editable({ eventId: e.id, registrationId: r.id, token: tok }),
      await pub.update({ eventId: e.id, registrationId: r.id, token: tok, first_name: 'G', last_name: 'H' }),
      await pub.list({ eventId: e.id }),
      await org.organiserList({ eventId: e.id }),
      await org.checkIn({ id: r.id }),
      await org.undoCheckIn({ id: r.id }),
      await org.remove({ id: r.id }),
    ];
    const stored = await s.t.db.selectFrom('registration_changes').selectAll().execute(); // ids and kinds only
    const secrets = [tok, createHash('sha256').update(tok).digest('hex')];
    const walk = (v: unknown, where: string) => {
      if (typeof v === 'string') for (const s of secrets) expect(v, where).not.toContain(s);
      else if (Array.isArray(v)) {
        for (const [i, x] of v.entries()) walk(x, `${where}[${i}]`);
      } else if (v && typeof v === 'object') {
        for (const [k, x] of Object.entries(v)) {
          expect(k, where).not.toMatch(/token|hash/i);
          walk(x, `${where}.${k}`);
        }
      }
    };
    for (const [i, x] of responses.entries()) walk(JSON.parse(JSON.stringify(x)), `response ${i}`);
    walk(stored, 'registration_changes');
  });
});
