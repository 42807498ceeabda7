import { tinyJpegBase64 } from './images';
import { lw } from './live-world';

// Attendees of one event as raw HTTP and WebSocket sees them, for the tests of who sees what
// (docs/privacy.md): joins, pins and list reads posted as the browser posts them, answers kept as text.

export type Person = { id: string; token: string; first: string; email: string; phone: string };

/** A tRPC call over HTTP as the browser makes it: a mutation POSTs its input, a query GETs it in the URL. */
export async function call(kind: 'query' | 'mutation', path: string, input: unknown, cookie = '') {
  const url = `${lw.srv.url}/trpc/${path}`;
  const headers = { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) };
  const res =
    kind === 'query'
      ? await fetch(`${url}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers })
      : await fetch(url, { method: 'POST', headers, body: JSON.stringify(input) });
  return { status: res.status, text: await res.text() };
}

let photo: string | undefined;

/** Joins with strings found nowhere else (the tests look for them in raw bytes). */
export async function joinAs(
  eventId: string,
  first: string,
  choices: { contact_visibility?: 'connections' | 'room' | 'organiser'; show_on_display?: boolean } = {},
): Promise<Person> {
  photo ??= await tinyJpegBase64();
  const token = crypto.randomUUID();
  const unique = `${first.toLowerCase()}${Math.random().toString(36).slice(2, 8)}`;
  const email = `${unique}@mail.example`;
  const phone = `+44 20 7946 ${String(Math.floor(Math.random() * 9000) + 1000)}`;
  const r = await call('mutation', 'registrations.join', {
    eventId,
    token,
    first_name: first,
    last_name: 'Tester',
    email,
    phone,
    headline: null,
    photo,
    ...choices,
  });
  if (r.status !== 200) throw new Error(`join failed: ${r.status} ${r.text}`);
  const id = /"id":"([0-9a-f-]{36})"/.exec(r.text)?.[1] ?? '';
  return { id, token, first, email, phone };
}

export const viewerOf = (p: Person) => ({ registrationId: p.id, token: p.token });

export const pin = (eventId: string, who: Person, target: Person, unpin = false) =>
  call('mutation', unpin ? 'connections.unpin' : 'connections.pin', {
    eventId,
    viewer: viewerOf(who),
    registrationId: target.id,
  });

/** The list's raw answer as a visitor (a GET) or as an attendee (their token POSTed). */
export const listAs = (eventId: string, who?: Person, extra: Record<string, unknown> = {}) =>
  who
    ? call('mutation', 'registrations.listAsAttendee', { eventId, viewer: viewerOf(who), ...extra })
    : call('query', 'registrations.list', { eventId, ...extra });

/** Whether any of a person's contacts appear in `text`. */
export const showsContacts = (text: string, p: Person) => text.includes(p.email) || text.includes(p.phone);

/** Where the change log stands now: a subscription from there misses nothing after this call (as a page does). */
export async function cursor(eventId: string): Promise<string> {
  return JSON.parse((await call('query', 'live.cursor', { eventId })).text).result.data.lastEventId;
}

/** The live subscription call of a visitor (no viewer) or an attendee, from `lastEventId`. */
export const subscribeAs = (id: number, eventId: string, who?: Person, lastEventId?: string) => ({
  id,
  method: 'subscription',
  params: { path: 'live.onEvent', input: { eventId, ...(who ? { viewer: viewerOf(who) } : {}) }, lastEventId },
});
