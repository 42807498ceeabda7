import type { Db } from '#server/db/connection';
import { insertUser } from '#server/features/auth/users.repo';
import { type EventValues, insertEvent } from '#server/features/events/events.repo';

/**
 * A bare owner and event written through the app's own repos, straight into the real database (sign-up
 * and memberships are not what the caller tests). Every event field has a plain default.
 */
export async function insertBareEvent(db: Db, now: string, o: Partial<EventValues> = {}) {
  const ownerId = crypto.randomUUID();
  const eventId = crypto.randomUUID();
  await insertUser(db, {
    id: ownerId,
    email: `owner-${ownerId}@example.com`,
    password_hash: 'x',
    first_name: 'O',
    last_name: 'W',
    now,
  });
  await insertEvent(db, ownerId, {
    id: eventId,
    name: 'Tech Night',
    venue: 'The Hall',
    city: 'Leeds',
    event_date: '2099-01-02',
    start_time: '18:00',
    end_time: '21:00',
    time_zone: 'UTC',
    email_required: 0,
    phone_required: 0,
    sponsor_enabled: 0,
    sponsor_logo_url: null,
    sponsor_link_url: null,
    sponsor_text: null,
    sponsor_utm_source: null,
    sponsor_utm_medium: null,
    sponsor_utm_campaign: null,
    sponsor_utm_content: null,
    sponsor_utm_term: null,
    download_enabled: 0,
    download_price: 0,
    download_formats: '["csv"]',
    scheduled_deletion_date: null,
    updated_at: now,
    ...o,
    created_at: now,
  });
  return { ownerId, eventId };
}
