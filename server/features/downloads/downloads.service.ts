import { createHash } from 'node:crypto';
import { DOWNLOADS } from '#shared/constants';
import { eventTimeZone } from '#shared/dates';
import { M } from '#shared/messages';
import type {
  CreateDownloadPaymentInput,
  DownloadFormat,
  PrepareDownloadInput,
  PreparedDownload,
  SharedContacts,
} from '#shared/schemas/downloads';
import type { Deps } from '../../deps';
import { fail } from '../../lib/errors';
import { createRateLimiter } from '../auth/rate-limit';
import { parseFormats } from '../events/download-formats';
import { limitCheckouts } from '../payments/checkout-limit';
import { fulfilPaidSession } from '../payments/fulfil';
import { findPublicEvent, type PublicEventRow } from '../registrations/registrations.repo';
import { entryOwnedBy } from '../registrations/registrations.service';
import { attendeesForExport, countSharedContacts } from './downloads.repo';
import { attendeesCsv, columnsFor } from './export-csv';
import { attendeesPdf } from './export-pdf';
import { photoThumbnails } from './photo-thumbnails';
import { DOWNLOAD_PATH, safeFileName } from './prepared-files';

// spec §2 the download card, §6 the visitor's download rule, §7 create-download-payment,
// download-attendees and verify-download-payment. No transaction is open while the provider is asked
// or a file is built; the purchase is recorded by fulfilPaidSession in its own short transaction.

async function eventOf(deps: Deps, eventId: string): Promise<PublicEventRow> {
  return (await findPublicEvent(deps.db, eventId)) ?? fail.notFound(M.events.notFound);
}

/** spec §3 download_price; PAYMENTS=off is an install that sells nothing, so every list is free there. */
const priceOf = (deps: Deps, event: PublicEventRow) => (deps.payments.mode === 'off' ? 0 : event.download_price);

/** Downloads on, the list not cleaned up, and this format one the organiser offers. */
function offered(event: PublicEventRow, format: DownloadFormat) {
  const open = event.download_enabled === 1 && event.personal_data_deleted === 0;
  return open && parseFormats(event.download_formats).includes(format);
}

/** spec §6: only a browser holding the token of a registration of this very event may download. */
async function openFor(deps: Deps, input: CreateDownloadPaymentInput) {
  const event = await eventOf(deps, input.eventId);
  if (!offered(event, input.format)) return fail.forbidden(M.downloads.notOffered);
  const owner = await entryOwnedBy(deps, input.eventId, input.registrationId, input.registrationToken);
  if (!owner) return fail.forbidden(M.downloads.notRegistered);
  return event;
}

/**
 * The download card's count, before payment: how many of the attendees the file lists carry their
 * contacts in it (the others are listed by name, photo and headline). Only while the event offers a file.
 */
export async function countSharedContactsOf(deps: Deps, eventId: string): Promise<SharedContacts> {
  const event = await eventOf(deps, eventId);
  const open = event.download_enabled === 1 && event.personal_data_deleted === 0;
  if (!open) return fail.forbidden(M.downloads.notOffered);
  return countSharedContacts(deps.db, eventId);
}

/** spec §7 create-download-payment: a checkout for one format of one event's list, returning its URL. */
export async function createDownloadPayment(deps: Deps, input: CreateDownloadPaymentInput): Promise<{ url: string }> {
  const event = await openFor(deps, input);
  const price = priceOf(deps, event);
  if (price === 0) return fail.badRequest(M.downloads.noPaymentNeeded);
  await limitCheckouts(deps, DOWNLOADS.CHECKOUT_RATE_LIMIT, `download-checkout:registration:${input.registrationId}`);
  const back = `${deps.linkOrigin.get()}/event-list/${event.id}`;
  try {
    const session = await deps.payments.createCheckout({
      purpose: 'download',
      amountPence: price,
      description: `Attendee list (${input.format.toUpperCase()}): ${event.name}`,
      // spec §4 post-payment download: the list page verifies the session, downloads, then clears these.
      successUrl: `${back}?download=success&format=${input.format}&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${back}?download=cancelled`,
      metadata: { eventId: event.id, format: input.format, registrationId: input.registrationId },
    });
    return { url: session.url };
  } catch (err) {
    deps.log.error({ err, eventId: event.id }, 'download checkout could not be created');
    return fail.unavailable(M.eventForm.paymentSessionFailed);
  }
}

/**
 * spec §7 verify-download-payment: the provider (never the browser) says the session is paid, for this
 * event, format and registration; then the purchase is recorded if the webhook has not done it yet
 * (fulfilment is keyed on the session id, so either order counts once). The same session downloads again.
 */
async function verifyPaid(deps: Deps, input: PrepareDownloadInput) {
  if (!input.sessionId) return fail.forbidden(M.downloads.paymentVerificationFailed);
  let session: Awaited<ReturnType<Deps['payments']['retrieve']>>;
  try {
    session = await deps.payments.retrieve(input.sessionId);
  } catch (err) {
    deps.log.error({ err }, 'download payment could not be verified');
    return fail.unavailable(M.downloads.paymentVerificationFailed);
  }
  const m = session?.metadata;
  const matches =
    session?.paid === true &&
    session.purpose === 'download' &&
    m?.eventId === input.eventId &&
    m.format === input.format &&
    m.registrationId === input.registrationId;
  if (!session || !matches) return fail.forbidden(M.downloads.paymentVerificationFailed);
  await fulfilPaidSession(deps, session);
}

/** spec §7 download-attendees: builds the file (outside any transaction) and returns its short-lived URL. */
export async function prepareDownload(deps: Deps, input: PrepareDownloadInput): Promise<PreparedDownload> {
  const event = await openFor(deps, input);
  // Counted before the provider is asked or a file built: both cost more than the check.
  await createRateLimiter(deps.db, deps.clock, DOWNLOADS.PREPARE_RATE_LIMIT).enforce([
    `download:registration:${input.registrationId}`,
  ]);
  if (priceOf(deps, event) > 0) await verifyPaid(deps, input);

  const store = deps.preparedFiles;
  const rows = await attendeesForExport(deps.db, event.id);
  const fileName = safeFileName(`${event.name} attendees`, input.format);
  // Everything the file is built from: while none of it changes, the file already built is handed back.
  const sameAs = createHash('sha256')
    .update(JSON.stringify([input.format, input.registrationId, event, rows]))
    .digest('base64url');
  const held = await store.reuse(sameAs);
  if (held) return { downloadUrl: `${DOWNLOAD_PATH}${held}`, fileName };

  const cols = columnsFor(event, rows);
  const file =
    input.format === 'csv'
      ? {
          bytes: await attendeesCsv(rows, cols, eventTimeZone(event.time_zone, deps.config.timeZone)),
          contentType: 'text/csv; charset=utf-8',
        }
      : {
          bytes: await deps.pdfBuilds(async () =>
            attendeesPdf(
              event,
              rows,
              await photoThumbnails(
                deps.storage,
                rows.map((r) => r.photo_url),
              ),
              cols,
              deps.clock.now(),
            ),
          ),
          contentType: 'application/pdf',
        };
  const key = await store.put(event.id, { ...file, fileName }, sameAs, event.self_removed_count);
  // erased while the file was built (or someone on it removed themselves): whatever the event is now answers
  if (key === undefined) {
    await openFor(deps, input);
    return fail.notFound(M.downloads.failed);
  }
  return { downloadUrl: `${DOWNLOAD_PATH}${key}`, fileName };
}
