import { describe, expect, it } from 'vitest';
import { rejection } from '../../../tests/helpers/factory';
import {
  anon,
  joinInput,
  newEvent,
  s,
  setUpRegistrationsWorld,
  token,
} from '../../../tests/helpers/registrations-world';

// What each attendee lets the room see (docs/privacy.md): who sees their e-mail and phone, the venue
// screen, the organiser's download. Chosen at join and on edit; the entry's own browser reads them back.

setUpRegistrationsWorld();

const stored = (id: string) =>
  s.t.db
    .selectFrom('event_registrations')
    .select(['contact_visibility', 'show_on_display', 'share_in_download'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const choices = (r: { contact_visibility: string; show_on_display: boolean; share_in_download: boolean }) => ({
  contact_visibility: r.contact_visibility,
  show_on_display: r.show_on_display,
  share_in_download: r.share_in_download,
});

describe("an attendee's choices at join", () => {
  it('are stored and returned as chosen', async () => {
    const e = await newEvent(s.ada, { download_enabled: true });
    const api = await anon()();
    const r = await api.join(
      joinInput(e.id, { contact_visibility: 'room', show_on_display: false, share_in_download: true }),
    );
    expect(choices(r)).toEqual({ contact_visibility: 'room', show_on_display: false, share_in_download: true });
    expect(await stored(r.id)).toEqual({ contact_visibility: 'room', show_on_display: 0, share_in_download: 1 });
    const tok = token();
    const o = await api.join(joinInput(e.id, { token: tok, contact_visibility: 'organiser' }));
    expect((await api.mine({ eventId: e.id, tokens: [tok] })).registration?.contact_visibility).toBe('organiser');
    expect((await stored(o.id)).contact_visibility).toBe('organiser');
  });

  it('default to "People I connect with", on the venue screen, out of downloads when not sent', async () => {
    const e = await newEvent(s.ada);
    const r = await (await anon()()).join(joinInput(e.id));
    expect(choices(r)).toEqual({ contact_visibility: 'connections', show_on_display: true, share_in_download: false });
    expect(await stored(r.id)).toEqual({
      contact_visibility: 'connections',
      show_on_display: 1,
      share_in_download: 0,
    });
  });

  it('refuse a visibility that is not one of the three, and store nothing', async () => {
    const e = await newEvent(s.ada);
    const api = await anon()();
    for (const bad of ['everyone', 'public', '', 'CONNECTIONS']) {
      const input = { ...joinInput(e.id), contact_visibility: bad } as unknown as Parameters<typeof api.join>[0];
      expect((await rejection(api.join(input))).code).toBe('BAD_REQUEST');
    }
    const input = { ...joinInput(e.id), show_on_display: 'no' } as unknown as Parameters<typeof api.join>[0];
    expect((await rejection(api.join(input))).code).toBe('BAD_REQUEST');
    const rows = await s.t.db.selectFrom('event_registrations').select('id').where('event_id', '=', e.id).execute();
    expect(rows).toEqual([]);
  });
});

describe("an attendee's choices on edit", () => {
  async function joined() {
    const e = await newEvent(s.ada, { download_enabled: true });
    const tok = token();
    const r = await (await anon()()).join(
      joinInput(e.id, { token: tok, contact_visibility: 'room', show_on_display: false, share_in_download: true }),
    );
    const edit = { eventId: e.id, registrationId: r.id, token: tok, first_name: 'Grace', last_name: 'Hopper' };
    return { e, tok, r, edit };
  }

  it('the edit form reads them back and an edit changes them', async () => {
    const { e, tok, r, edit } = await joined();
    const api = await anon()();
    const editable = await api.editable({ eventId: e.id, registrationId: r.id, token: tok });
    expect(choices(editable)).toEqual({ contact_visibility: 'room', show_on_display: false, share_in_download: true });
    const saved = await api.update({
      ...edit,
      contact_visibility: 'organiser',
      show_on_display: true,
      share_in_download: false,
    });
    expect(choices(saved)).toEqual({
      contact_visibility: 'organiser',
      show_on_display: true,
      share_in_download: false,
    });
    expect(await stored(r.id)).toEqual({ contact_visibility: 'organiser', show_on_display: 1, share_in_download: 0 });
  });

  it('an edit that does not send them keeps them (one sent changes only that one)', async () => {
    const { r, edit } = await joined();
    const api = await anon()();
    const kept = await api.update({ ...edit, headline: 'Rear Admiral' });
    expect(kept.headline).toBe('Rear Admiral');
    expect(choices(kept)).toEqual({ contact_visibility: 'room', show_on_display: false, share_in_download: true });
    const one = await api.update({ ...edit, show_on_display: true });
    expect(choices(one)).toEqual({ contact_visibility: 'room', show_on_display: true, share_in_download: true });
    expect(await stored(r.id)).toEqual({ contact_visibility: 'room', show_on_display: 1, share_in_download: 1 });
  });

  it('refuses a visibility that is not one of the three and keeps the stored one', async () => {
    const { r, edit } = await joined();
    const api = await anon()();
    const input = { ...edit, contact_visibility: 'everyone' } as unknown as Parameters<typeof api.update>[0];
    expect((await rejection(api.update(input))).code).toBe('BAD_REQUEST');
    expect((await stored(r.id)).contact_visibility).toBe('room');
  });
});
