import { formatLongDate, formatTime } from '#shared/dates';
import { M } from '#shared/messages';
import type { ExportRow } from './downloads.repo';
import type { ExportColumns } from './export-csv';

// Issue 9 "go beyond the spec": a printable attendee sheet (A4) in place of PDF "Coming Soon": the
// event's name, date, time and place on top, then one row per attendee with a round photo thumbnail,
// name, headline and (when the list has them) e-mail and phone; "Page n of m" at the foot. E-mail and
// phone come only of those who agreed (downloads.repo.ts), as the header says.

type PdfDoc = PDFKit.PDFDocument;
let loading: Promise<PdfDoc> | undefined;
// pdfkit (fonts, zlib tables) loads with the first PDF, not at start: an idle server does not carry it.
const loadPdfKit = () => {
  loading ??= import('pdfkit').then((m) => m.default);
  return loading;
};

const MARGIN = 40;
const THUMB = 44;
const ROW = 58;
const FOOTER = 24;
const GREY = '#495057';
const LIGHT = '#868e96';

// The built-in Helvetica covers Windows-1252 only: other characters lose their accents where they have
// one (NFKD), else become "?", rather than printing as garbage. (A bundled Unicode font would cost ~1 MB.)
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const printable = (c: string) => {
  const code = c.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(c);
};
// Latin letters NFKD does not take apart.
const PLAIN: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i', Ŧ: 'T', ŧ: 't' };
export function toWinAnsi(text: string): string {
  let out = '';
  for (const c of text) {
    if (printable(c)) out += c;
    else if (PLAIN[c]) out += PLAIN[c];
    else {
      const base = c.normalize('NFKD').replace(/\p{M}/gu, '');
      out += base && [...base].every(printable) ? base : '?';
    }
  }
  return out;
}

export type SheetEvent = {
  name: string;
  event_date: string;
  start_time: string;
  end_time: string;
  venue: string;
  city: string;
};

function header(doc: PdfDoc, event: SheetEvent, count: number) {
  const width = doc.page.width - 2 * MARGIN;
  doc.font('Helvetica-Bold').fontSize(20).fillColor('#212529').text(toWinAnsi(event.name), MARGIN, MARGIN, { width });
  doc
    .moveDown(0.2)
    .font('Helvetica')
    .fontSize(11)
    .fillColor(GREY)
    .text(
      toWinAnsi(
        `${formatLongDate(event.event_date)}, ${formatTime(event.start_time)}–${formatTime(event.end_time)} · ${event.venue}, ${event.city}`,
      ),
      { width },
    )
    .moveDown(0.2)
    .fillColor(LIGHT)
    .fontSize(10)
    .text(`${count === 1 ? '1 attendee' : `${count} attendees`} · ${M.choices.pdfContactsNote}`, { width });
  const y = doc.y + 8;
  doc
    .moveTo(MARGIN, y)
    .lineTo(doc.page.width - MARGIN, y)
    .lineWidth(0.5)
    .strokeColor('#dee2e6')
    .stroke();
  return y + 10;
}

function initials(r: ExportRow) {
  return toWinAnsi(`${[...r.first_name][0] ?? ''}${[...r.last_name][0] ?? ''}`.toUpperCase());
}

function attendeeRow(doc: PdfDoc, r: ExportRow, thumb: Buffer | null, cols: ExportColumns, y: number) {
  const cx = MARGIN + THUMB / 2;
  const cy = y + THUMB / 2;
  doc.save();
  doc.circle(cx, cy, THUMB / 2).clip();
  if (thumb) doc.image(thumb, MARGIN, y, { width: THUMB, height: THUMB });
  else {
    doc.rect(MARGIN, y, THUMB, THUMB).fill('#e9ecef');
    doc
      .font('Helvetica-Bold')
      .fontSize(14)
      .fillColor(LIGHT)
      .text(initials(r), MARGIN, cy - 7, { width: THUMB, align: 'center', lineBreak: false });
  }
  doc.restore();

  const x = MARGIN + THUMB + 12;
  const width = doc.page.width - MARGIN - x;
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .fillColor('#212529')
    .text(toWinAnsi(`${r.first_name} ${r.last_name}`), x, y + 1, { width, lineBreak: false, ellipsis: true });
  let line = y + 17;
  if (r.headline) {
    doc
      .font('Helvetica')
      .fontSize(9.5)
      .fillColor(GREY)
      .text(toWinAnsi(r.headline), x, line, { width, height: 24, ellipsis: true });
    line += 24;
  }
  const contact = [cols.email ? r.email : null, cols.phone ? r.phone : null].filter(Boolean).join('   ');
  if (contact) {
    doc
      .font('Helvetica')
      .fontSize(8.5)
      .fillColor(LIGHT)
      .text(toWinAnsi(contact), x, Math.min(line, y + ROW - 14), { width, lineBreak: false, ellipsis: true });
  }
}

function footers(doc: PdfDoc, event: SheetEvent) {
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    // Writing below the bottom margin would make pdfkit start a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(LIGHT)
      .text(
        toWinAnsi(`${event.name} · Page ${i + 1} of ${range.count}`),
        MARGIN,
        doc.page.height - MARGIN + 8 - FOOTER / 2,
        { width: doc.page.width - 2 * MARGIN, align: 'center', lineBreak: false },
      );
    doc.page.margins.bottom = bottom;
  }
}

/** The printable sheet as PDF bytes. `thumbs[i]` is rows[i]'s photo (null: initials instead). */
export async function attendeesPdf(
  event: SheetEvent,
  rows: ExportRow[],
  thumbs: (Buffer | null)[],
  cols: ExportColumns,
  now: Date,
): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: toWinAnsi(`${event.name} attendees`), CreationDate: now, ModDate: now },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  let y = header(doc, event, rows.length);
  if (rows.length === 0) doc.font('Helvetica').fontSize(11).fillColor(GREY).text(M.attendees.empty, MARGIN, y);
  const last = () => doc.page.height - MARGIN - FOOTER;
  rows.forEach((r, i) => {
    if (y + ROW > last()) {
      doc.addPage();
      y = MARGIN;
    }
    attendeeRow(doc, r, thumbs[i] ?? null, cols, y);
    y += ROW;
  });
  footers(doc, event);
  doc.end();
  return done;
}
