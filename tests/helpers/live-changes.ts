import type { Transaction } from 'kysely';
import type { ChangeKind, Database } from '#server/db/schema';
import type { Deps } from '#server/deps';
import { changeTransaction, recordChange } from '#server/features/changes/changes.repo';
import { bumpAttendeeCount } from '#server/features/registrations/registrations.repo';
import { newId } from '#server/lib/ids';

// Registration changes made the way the registrations feature makes them: the row, the event's count and
// its change-log entry in one transaction, published after the commit. For tests of the live feed and of erasure.

type Person = { first_name: string; last_name?: string; photo_url?: string | null; token_hash?: string };

async function change(
  deps: Deps,
  eventId: string,
  id: string,
  kind: ChangeKind,
  write: (trx: Transaction<Database>) => Promise<unknown>,
) {
  const now = deps.clock.now().toISOString();
  const recorded = await changeTransaction(deps.db, async (trx) => {
    await write(trx);
    return recordChange(trx, { event_id: eventId, registration_id: id, kind, now });
  });
  deps.bus.publish([recorded]);
  return recorded;
}

export function liveChanges(deps: Deps, eventId: string) {
  return {
    async join(p: Person) {
      const id = newId();
      const now = deps.clock.now().toISOString();
      await change(deps, eventId, id, 'joined', async (trx) => {
        await bumpAttendeeCount(trx, eventId, 1);
        await trx
          .insertInto('event_registrations')
          .values({
            id,
            event_id: eventId,
            first_name: p.first_name,
            last_name: p.last_name ?? 'Tester',
            email: `${p.first_name.toLowerCase()}@example.com`,
            phone: '07700900123',
            headline: `${p.first_name} builds things`,
            photo_url: p.photo_url ?? null,
            registration_token_hash: p.token_hash ?? `hash-${id}`,
            checked_in_at: null,
            created_at: now,
            updated_at: now,
          })
          .execute();
      });
      return id;
    },
    edit: (id: string, set: { first_name?: string; headline?: string }) =>
      change(deps, eventId, id, 'updated', (trx) =>
        trx
          .updateTable('event_registrations')
          .set({ ...set, updated_at: deps.clock.now().toISOString() })
          .where('id', '=', id)
          .execute(),
      ),
    checkIn: (id: string) =>
      change(deps, eventId, id, 'checked_in', (trx) =>
        trx
          .updateTable('event_registrations')
          .set({ checked_in_at: deps.clock.now().toISOString() })
          .where('id', '=', id)
          .execute(),
      ),
    remove: (id: string) =>
      change(deps, eventId, id, 'removed', async (trx) => {
        await bumpAttendeeCount(trx, eventId, -1);
        await trx.deleteFrom('event_registrations').where('id', '=', id).execute();
      }),
  };
}
