import { M } from '#shared/messages';
import type { MyData } from '#shared/schemas/my-data';
import { saveFile } from '../downloads/save-file';

// "Download my data" as two files the browser saves: JSON with every field as the server sent it, and a
// CSV a spreadsheet opens (one table: the attendee's own row, then whom they pinned, then their
// connections with what each shares), written like the organiser's attendee list (quoted cells, CRLF,
// a byte-order mark, formula-like cells neutralised).

export type MyDataFormat = 'json' | 'csv';

/** A cell a spreadsheet would run as a formula (= + - @, a tab or line break first) is shown as text. */
const FORMULA_START = /^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;
const cell = (v: string | null | undefined) => {
  const text = v ?? '';
  return `"${(FORMULA_START.test(text) ? `'${text}` : text).replaceAll('"', '""')}"`;
};
/** "2026-11-22 18:05" (UTC): sorts as text and every spreadsheet reads it as a date. */
const stamp = (iso: string | null) => (iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : '');
const yesNo = (v: boolean) => (v ? 'Yes' : 'No');

const HEADER = [
  'Record',
  'First name',
  'Last name',
  'Email',
  'Phone',
  'Headline',
  'Photo',
  M.privacy.visibilityLabel,
  M.privacy.showOnDisplay,
  M.privacy.shareInDownload,
  'Checked in (UTC)',
  'Left (UTC)',
  'Joined (UTC)',
  'Updated (UTC)',
  'Pinned (UTC)',
  'Id',
];

/** The CSV: a row for the attendee, one per pin, one per connection; `origin` makes the photo's address whole. */
export function myDataCsv(d: MyData, origin: string): string {
  const e = d.entry;
  const blank = (n: number) => Array<string>(n).fill('');
  const rows = [
    HEADER,
    [
      'Me',
      e.first_name,
      e.last_name,
      e.email ?? '',
      e.phone ?? '',
      e.headline ?? '',
      e.photo_url ? origin + e.photo_url : '',
      M.privacy.visibility[d.choices.contact_visibility],
      yesNo(d.choices.show_on_display),
      yesNo(d.choices.share_in_download),
      stamp(e.checked_in_at),
      stamp(e.checked_out_at),
      stamp(e.created_at),
      stamp(e.updated_at),
      '',
      e.id,
    ],
    ...d.pins.map((p) => ['Pinned', p.first_name, p.last_name, ...blank(11), stamp(p.pinned_at), p.id]),
    ...d.connections.map((c) => [
      'Connection',
      c.first_name,
      c.last_name,
      c.email ?? '',
      c.phone ?? '',
      c.headline ?? '',
      ...blank(9),
      c.id,
    ]),
  ];
  return `\uFEFF${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}

export function myDataJson(d: MyData): string {
  return `${JSON.stringify(d, null, 2)}\n`;
}

/** "Summer Meetup - my data.csv": the event's name without what a file name cannot hold. */
export function myDataFileName(eventName: string, format: MyDataFormat) {
  const base = eventName
    .replace(/[\p{Cc}\p{Cf}"*/:<>?\\|]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(0, 80)
    .trim();
  return `${base || 'Room'} - my data.${format}`;
}

/** Saves text as a file through a Blob: the data never goes to a URL the server or a proxy sees. */
export function saveText(text: string, fileName: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  saveFile(url, fileName);
  // the download has taken the Blob's bytes by then; released so the page does not keep them
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
