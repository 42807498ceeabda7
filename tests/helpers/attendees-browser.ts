import dayjs from 'dayjs';
import sharp from 'sharp';
import { insertMembership } from '#server/features/membership/membership.repo';
import { newId } from '#server/lib/ids';
import type { EventFormInput } from '#shared/schemas/events';
import { signedInClient } from './events-browser';
import type { TestServer } from './server';

// Shared steps of the attendee browser tests: an organiser's event made through the API.

/** An organiser with an annual membership and one event next month; returns the event and the API client. */
export async function organiserEvent(server: TestServer, form: Partial<EventFormInput> = {}) {
  const api = await signedInClient(server, `organiser-${newId().slice(0, 8)}@example.com`);
  const me = await api.trpc.auth.me.query();
  const now = new Date().toISOString();
  await insertMembership(server.deps.db, me?.id ?? '', {
    id: newId(),
    membership_type: 'annual',
    is_active: true,
    starts_at: now,
    expires_at: dayjs().add(1, 'year').toISOString(),
    now,
  });
  const event = await api.trpc.events.create.mutate({
    name: 'Summer Meetup',
    venue: 'The Old Library',
    city: 'Leeds',
    event_date: dayjs().add(1, 'month').format('YYYY-MM-DD'),
    start_time: '18:00',
    end_time: '21:00',
    ...form,
  });
  return { api, event };
}

/** A JPEG portrait-ish test photo: a coloured disc on a background, `size` pixels square. */
export async function photoJpeg(color = '#4c6ef5', size = 1200) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
    <rect width="100%" height="100%" fill="#e9ecef"/>
    <circle cx="${size / 2}" cy="${size * 0.4}" r="${size * 0.2}" fill="${color}"/>
    <ellipse cx="${size / 2}" cy="${size}" rx="${size * 0.35}" ry="${size * 0.3}" fill="${color}"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/** What a join from the API sends: a base64 JPEG photo and a fresh token. */
export async function apiJoin(
  server: TestServer,
  eventId: string,
  who: { first_name: string; last_name: string; headline?: string; email?: string; phone?: string },
  color?: string,
) {
  const c = server.client();
  const photo = (
    await sharp(await photoJpeg(color, 400))
      .jpeg()
      .toBuffer()
  ).toString('base64');
  const token = crypto.randomUUID();
  const r = await c.trpc.registrations.join.mutate({ eventId, token, photo, ...who });
  return { registration: r, token };
}
