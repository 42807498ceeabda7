import crypto from 'node:crypto';
import type { z } from 'zod';
import { ATTENDEES } from '#shared/constants';
import { M } from '#shared/messages';
import {
  type ContactVisibility,
  type editableSchema,
  editRegistrationSchema,
  type joinSchema,
  type mineSchema,
  type RegistrationDto,
  registrationSchema,
  type updateRegistrationSchema,
} from '#shared/schemas/registrations';
import type { Deps } from '../../deps';
import { fail } from '../../lib/errors';
import { newId, sha256Hex } from '../../lib/ids';
import { createRateLimiter } from '../auth/rate-limit';
import { changeTransaction, recordChange } from '../changes/changes.repo';
import { toPublicEventDto } from '../events/event-dto';
import { findEventForJoin } from './joins.repo';
import { toRegistrationDto } from './registration-dto';
import {
  findByTokenHash,
  findByTokenHashes,
  findForOwnerCheck,
  findPublicEvent,
  type PublicEventRow,
  updateOwnRegistration,
} from './registrations.repo';
import { withSearchEntriesErased } from './search-index.repo';

// The attendee's side (spec §2 /register, /event-list, edit own entry). Public: the proof of owning an
// entry is the browser's registration token, of which only a SHA-256 is stored (spec §3).

const hashOf = (token: string) => sha256Hex(token);

/** Constant-time equality of two hex SHA-256 digests. */
function sameHash(a: string, b: string) {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === 32 && y.length === 32 && crypto.timingSafeEqual(x, y);
}

export async function openEvent(deps: Deps, eventId: string): Promise<PublicEventRow> {
  const row = await findPublicEvent(deps.db, eventId);
  return row ?? fail.notFound(M.events.notFound);
}

const rulesOf = (e: Pick<PublicEventRow, 'email_required' | 'phone_required'>) => ({
  email_required: e.email_required === 1,
  phone_required: e.phone_required === 1,
});

/** The form checked again with the event's own rules (e-mail / phone required), with the same texts. */
function checkForEvent<S extends z.ZodType>(schema: S, values: unknown): z.output<S> {
  const r = schema.safeParse(values);
  if (!r.success) return fail.badRequest(r.error.issues.map((i) => i.message).join(', '));
  return r.data;
}

// The form's rules for one event, photo left out: the procedure's input schema has already checked it,
// and a second scan of its ~130 KB of base64 cost 1-3 ms per join (bench B1). Built once per rule set:
// [email_required][phone_required].
const eventFormSchema = (email_required: boolean, phone_required: boolean) =>
  registrationSchema({ email_required, phone_required }).omit({ photo: true });
const EVENT_FORMS = [
  [eventFormSchema(false, false), eventFormSchema(false, true)],
  [eventFormSchema(true, false), eventFormSchema(true, true)],
] as const;
const eventForm = (rules: ReturnType<typeof rulesOf>) =>
  EVENT_FORMS[rules.email_required ? 1 : 0][rules.phone_required ? 1 : 0];

async function removeQuietly(deps: Deps, url: string | null | undefined) {
  if (!url) return;
  try {
    await deps.storage.remove(url);
  } catch (err) {
    deps.log.error({ err, url }, 'could not remove a photo file');
  }
}

export async function getPublicEvent(deps: Deps, eventId: string) {
  return toPublicEventDto(await openEvent(deps, eventId), deps.config.timeZone);
}

/** A sent photo decoded, checked and stored for entry `id`: its URL. Its bytes go with this call, not held through the commit. */
async function storePhoto(deps: Deps, base64: string, id: string) {
  const photo = await deps.images.processPhoto(Buffer.from(base64, 'base64'));
  return deps.storage.putOwned(photo.bytes, photo.ext, id);
}

/**
 * spec §5 join. Idempotent by token: a retry (after a dropped response) returns the first entry. The
 * photo is decoded and written before the transaction (no image work inside one); the row, the change
 * log and attendee_count then move together, in the transaction the joins arriving together share
 * (group commit, join-commits.ts). A retry that raced the first one loses at the unique index and deletes
 * the file it wrote. Joins are public: one generous ceiling per IP (a venue).
 */
export async function join(
  deps: Deps,
  ip: string | null,
  input: z.output<typeof joinSchema>,
): Promise<RegistrationDto> {
  const { eventId, token, ...form } = input;
  const hash = hashOf(token);
  const event = (await findEventForJoin(deps.db, eventId, hash)) ?? fail.notFound(M.events.notFound);
  const existing = event.entry_id ? await findByTokenHash(deps.db, eventId, hash) : undefined;
  if (existing) return toRegistrationDto(existing);
  if (event.personal_data_deleted) return fail.forbidden(M.attendees.roomClosed);
  const values = { ...checkForEvent(eventForm(rulesOf(event)), form), photo: form.photo };
  // Counted only for a join that will do real work (photo, row): a retry, a missing event or a refused
  // form cannot spend a venue's ceiling.
  await deps.joins.limiter.enforce([`join:ip:${ip ?? 'unknown'}`]);

  const id = newId();
  const photoUrl = await storePhoto(deps, values.photo, id);
  const committed = await deps.joins.commits
    .run({
      id,
      event_id: eventId,
      first_name: values.first_name,
      last_name: values.last_name,
      email: values.email,
      phone: values.phone,
      headline: values.headline,
      photo_url: photoUrl,
      registration_token_hash: hash,
      contact_visibility: values.contact_visibility,
      show_on_display: values.show_on_display ? 1 : 0,
      share_in_download: values.share_in_download ? 1 : 0,
      now: deps.clock.now().toISOString(),
    })
    .catch(async (err: unknown) => {
      await removeQuietly(deps, photoUrl);
      throw err;
    });
  if (!committed) {
    await removeQuietly(deps, photoUrl);
    const winner = await findByTokenHash(deps.db, eventId, hash);
    if (winner) return toRegistrationDto(winner);
    // Nothing inserted and no winner: the event was erased or deleted after the checks above.
    return (await findPublicEvent(deps.db, eventId))
      ? fail.forbidden(M.attendees.roomClosed)
      : fail.notFound(M.events.notFound);
  }
  deps.bus.publish([committed.change]);
  return toRegistrationDto(committed.row);
}

/** Which entry of the event, if any, one of the browser's tokens owns ("(You)", /edit-registration). */
export async function findMine(deps: Deps, input: z.output<typeof mineSchema>) {
  const hashes = input.tokens.map(hashOf);
  const rows = await findByTokenHashes(deps.db, input.eventId, hashes);
  const mine = rows.find((r) => hashes.some((h) => sameHash(h, r.registration_token_hash)));
  return { registration: mine ? toRegistrationDto(mine) : null };
}

/** The entry, when `token` owns it, else undefined (spec §6: editing and downloading both ask this). */
export async function entryOwnedBy(deps: Deps, eventId: string, registrationId: string, token: string) {
  const row = await findForOwnerCheck(deps.db, eventId, registrationId);
  // Hash and compare even when the row is missing, so both refusals take the same time.
  const ok = sameHash(hashOf(token), row?.registration_token_hash ?? '0'.repeat(64));
  return row && ok ? row : undefined;
}

/** The entry, when `token` owns it; otherwise "Access Denied" (spec §2 edit, §6). */
async function ownedByToken(deps: Deps, eventId: string, registrationId: string, token: string) {
  return (await entryOwnedBy(deps, eventId, registrationId, token)) ?? fail.forbidden(M.attendees.accessDenied);
}

/** spec §2 edit own entry: the entry for the form, when the browser's token owns it. */
export async function getEditable(deps: Deps, input: z.output<typeof editableSchema>): Promise<RegistrationDto> {
  await openEvent(deps, input.eventId);
  return toRegistrationDto(await ownedByToken(deps, input.eventId, input.registrationId, input.token));
}

/**
 * spec §5 edit registration. A new photo is written first, the row changes only while the stored hash
 * is still the one proved, and the old photo file goes after commit.
 */
export async function updateOwn(
  deps: Deps,
  input: z.output<typeof updateRegistrationSchema>,
): Promise<RegistrationDto> {
  const { eventId, registrationId, token, ...form } = input;
  const event = await openEvent(deps, eventId);
  await ownedByToken(deps, eventId, registrationId, token);
  const values = checkForEvent(editRegistrationSchema(rulesOf(event)), form);
  await createRateLimiter(deps.db, deps.clock, ATTENDEES.EDIT_RATE_LIMIT).enforce([
    `edit:registration:${registrationId}`,
  ]);

  let newPhoto: string | undefined;
  if (values.photo) {
    newPhoto = await storePhoto(deps, values.photo, registrationId);
  }
  const now = deps.clock.now().toISOString();
  const tokenHash = hashOf(token);
  const committed = await changeTransaction(deps.db, async (trx) => {
    const before = await findForOwnerCheck(trx, eventId, registrationId);
    // an old name's search entries go at once, not at the next merge (own data leaves no trace)
    const row = await withSearchEntriesErased(trx, () =>
      updateOwnRegistration(
        trx,
        { eventId, id: registrationId, tokenHash },
        {
          first_name: values.first_name,
          last_name: values.last_name,
          email: values.email,
          phone: values.phone,
          headline: values.headline,
          ...(newPhoto ? { photo_url: newPhoto } : {}),
          ...choicesOf(values),
          updated_at: now,
        },
      ),
    );
    if (!before || !row) return undefined;
    const change = await recordChange(trx, { event_id: eventId, registration_id: row.id, kind: 'updated', now });
    return { row, change, oldPhoto: newPhoto ? before.photo_url : null };
  }).catch(async (err: unknown) => {
    await removeQuietly(deps, newPhoto);
    throw err;
  });
  if (!committed) {
    await removeQuietly(deps, newPhoto);
    return fail.forbidden(M.attendees.accessDenied); // removed or erased meanwhile
  }
  await removeQuietly(deps, committed.oldPhoto);
  deps.bus.publish([committed.change]);
  return toRegistrationDto(committed.row);
}

/** The choices an edit sent (one not sent stays as it is). */
function choicesOf(v: {
  contact_visibility?: ContactVisibility;
  show_on_display?: boolean;
  share_in_download?: boolean;
}) {
  return {
    ...(v.contact_visibility ? { contact_visibility: v.contact_visibility } : {}),
    ...(v.show_on_display === undefined ? {} : { show_on_display: v.show_on_display ? 1 : 0 }),
    ...(v.share_in_download === undefined ? {} : { share_in_download: v.share_in_download ? 1 : 0 }),
  };
}
