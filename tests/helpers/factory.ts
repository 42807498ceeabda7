import { TRPCError } from '@trpc/server';
import { expect } from 'vitest';
import { insertMembership } from '#server/features/membership/membership.repo';
import { newId } from '#server/lib/ids';
import { userMessage } from '#server/trpc/trpc';
import type { EventFormInput } from '#shared/schemas/events';
import { type makeTestDeps, signedInUser } from './test-deps';

type T = Awaited<ReturnType<typeof makeTestDeps>>;

let ipCounter = 0;

/** A confirmed, signed-in user from its own IP (sign-up is limited per IP). The first one is the admin. */
export async function makeUser(t: T, email: string) {
  ipCounter += 1;
  const { b, user } = await signedInUser(
    t,
    { email },
    `198.51.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`,
  );
  return { ...user, call: b.call };
}

/** A membership row for a user: 'one_time' (one event credit) or 'annual' (expires in a year unless told). */
export async function giveMembership(
  t: T,
  userId: string,
  type: 'one_time' | 'annual',
  o: { active?: boolean; expiresAt?: string | null; createdAt?: string } = {},
) {
  const now = o.createdAt ?? t.clock.now().toISOString();
  const yearLater = new Date(new Date(now).getTime() + 365 * 24 * 3600 * 1000).toISOString();
  await insertMembership(t.db, userId, {
    id: newId(),
    membership_type: type,
    is_active: o.active ?? true,
    starts_at: now,
    expires_at: o.expiresAt !== undefined ? o.expiresAt : type === 'annual' ? yearLater : null,
    now,
  });
}

/** A valid event form (spec §5); the fixed clock's today is 2026-11-22. */
export function eventForm(o: Partial<EventFormInput> = {}): EventFormInput {
  return {
    name: 'Tech Night',
    venue: 'The Hall',
    city: 'Leeds',
    event_date: '2026-11-27',
    start_time: '18:00',
    end_time: '21:00',
    ...o,
  };
}

/** Awaits a rejection and returns the TRPCError with the message the client would see. */
export async function rejection(p: Promise<unknown>) {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TRPCError);
  const e = err as TRPCError;
  return { code: e.code, message: userMessage(e) };
}

/** Bare registration rows for an event, with attendee_count moved as a join moves it (no photo, no change log). */
export async function addRegistrations(t: T, eventId: string, n: number) {
  const now = t.clock.now().toISOString();
  for (let i = 0; i < n; i++) {
    await t.db
      .insertInto('event_registrations')
      .values({
        id: newId(),
        event_id: eventId,
        first_name: `First${i}`,
        last_name: 'Last',
        email: null,
        phone: null,
        headline: null,
        photo_url: null,
        registration_token_hash: `test-${newId()}`,
        checked_in_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  await t.db
    .updateTable('events')
    .set((eb) => ({ attendee_count: eb(eb.ref('attendee_count'), '+', n) }))
    .where('id', '=', eventId)
    .execute();
}

/** The admin (the first account), then Ada and Bob, two organisers with a running annual plan each. */
export async function adminAndTwoOrganisers(t: T) {
  const admin = await makeUser(t, 'admin@example.com');
  const ada = await makeUser(t, 'ada@example.com');
  const bob = await makeUser(t, 'bob@example.com');
  await giveMembership(t, ada.id, 'annual');
  await giveMembership(t, bob.id, 'annual');
  return { admin, ada, bob };
}
