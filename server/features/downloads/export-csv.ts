import { localMinuteStamper } from '#shared/time-zones';
import type { ExportRow } from './downloads.repo';

/**
 * Spreadsheet formula injection (OWASP "CSV Injection"): a cell whose first character is = + - @, a tab or
 * a carriage return / line feed (or the full-width = + - @ some spreadsheets also read as a formula) is
 * neutralised by prefixing a single quote, so it is shown as text and never evaluated. A phone number
 * "+44…" thus reads "'+44…": the price of a file that is safe to open.
 */
const FORMULA_START = /^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;

export function neutralise(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

export type ExportColumns = { email: boolean; phone: boolean };

/**
 * The columns of an event's list: e-mail and phone only when the event asks for them or someone gave one
 * (an event that collects neither gets no empty columns).
 */
export function columnsFor(event: { email_required: number; phone_required: number }, rows: ExportRow[]) {
  return {
    email: event.email_required === 1 || rows.some((r) => r.email),
    phone: event.phone_required === 1 || rows.some((r) => r.phone),
  };
}

/**
 * spec §7 download-attendees, CSV: a header row, then one row per attendee, every cell quoted (RFC 4180,
 * CRLF) and neutralised; a UTF-8 byte-order mark so spreadsheet programs read accented names correctly.
 * Check-in and join times are on `timeZone`'s clocks, the event's own.
 */
export async function attendeesCsv(rows: ExportRow[], cols: ExportColumns, timeZone: string): Promise<Buffer> {
  // Loaded with the first download: a server that never builds a CSV does not hold it (issue 8 B8).
  const { stringify } = await import('csv-stringify/sync');
  const header = [
    'First name',
    'Last name',
    ...(cols.email ? ['Email'] : []),
    ...(cols.phone ? ['Phone'] : []),
    'Headline',
    `Checked in (${timeZone})`,
    `Joined (${timeZone})`,
  ];
  // "2026-11-22 18:05" on the event's clocks (the header names the zone): the times the organiser saw at
  // the venue; sorts as text within a day, and every spreadsheet reads it as a date
  const local = localMinuteStamper(timeZone);
  const stamp = (iso: string | null) => (iso ? local(iso) : '');
  const records = rows.map((r) => [
    r.first_name,
    r.last_name,
    ...(cols.email ? [r.email ?? ''] : []),
    ...(cols.phone ? [r.phone ?? ''] : []),
    r.headline ?? '',
    stamp(r.checked_in_at),
    stamp(r.created_at),
  ]);
  const text = stringify([header, ...records.map((cells) => cells.map(neutralise))], {
    quoted: true,
    record_delimiter: 'windows',
    bom: true,
  });
  return Buffer.from(text, 'utf8');
}
