import zlib from 'node:zlib';
import sharp from 'sharp';
import { insertBareEvent } from './bare-event';
import type { TestServer } from './server';

// Helpers of the download tests: events written straight into the real database file, attendees joined
// through the real join procedure (real tokens, real photo files), and readers for the files served.

export type EventOptions = {
  name?: string;
  download_enabled?: boolean;
  download_price?: number;
  download_formats?: ('csv' | 'pdf')[];
  email_required?: boolean;
  phone_required?: boolean;
  /** The IANA zone the event's clocks are on ('UTC' unless given). */
  time_zone?: string;
};

/** A bare owner and event (sign-up and memberships are not what is under test here). */
export async function insertEvent(server: TestServer, o: EventOptions = {}) {
  const { eventId } = await insertBareEvent(server.deps.db, server.deps.clock.now().toISOString(), {
    name: o.name ?? 'Tech Night',
    email_required: o.email_required ? 1 : 0,
    phone_required: o.phone_required ? 1 : 0,
    download_enabled: o.download_enabled === false ? 0 : 1,
    download_price: o.download_price ?? 0,
    download_formats: JSON.stringify(o.download_formats ?? ['csv', 'pdf']),
    ...(o.time_zone ? { time_zone: o.time_zone } : {}),
  });
  return eventId;
}

let photo: string | undefined;
const tinyPhoto = async () => {
  photo ??= (
    await sharp({ create: { width: 40, height: 40, channels: 3, background: '#369' } })
      .jpeg()
      .toBuffer()
  ).toString('base64');
  return photo;
};

export type Joined = { registrationId: string; token: string; photoUrl: string | null };

/** Joins through the real procedure; returns the browser's proof (registration id and token). */
export async function joinEvent(
  server: Pick<TestServer, 'client'>,
  eventId: string,
  who: {
    first_name: string;
    last_name: string;
    email?: string;
    phone?: string;
    headline?: string;
    /** "Include my contact details in the attendee list the organiser offers" (off unless given). */
    share_in_download?: boolean;
  },
): Promise<Joined> {
  const c = server.client();
  const token = crypto.randomUUID();
  try {
    const r = await c.trpc.registrations.join.mutate({ eventId, token, photo: await tinyPhoto(), ...who });
    return { registrationId: r.id, token, photoUrl: r.photo_url };
  } finally {
    c.close();
  }
}

/** The request a browser sends for the file: status, headers and bytes. */
export async function fetchFile(server: Pick<TestServer, 'url'>, downloadUrl: string) {
  const res = await fetch(new URL(downloadUrl, server.url));
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** RFC 4180 records (quoted cells, doubled quotes, CRLF), after an optional UTF-8 byte-order mark. */
export function parseCsv(text: string): string[][] {
  const s = text.replace(/^\uFEFF/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quoted) {
      if (c === '"' && s[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && s[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

/** The text a PDF draws: every content stream inflated, the hex strings of its TJ/Tj operators decoded. */
export function pdfText(pdf: Buffer): string {
  const out: string[] = [];
  const raw = pdf.toString('latin1');
  const streams = /stream\r?\n/g;
  for (let m = streams.exec(raw); m; m = streams.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    let body: string;
    try {
      body = zlib.inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      body = raw.slice(start, end);
    }
    for (const tj of body.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      out.push(
        [...tj[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1], 'hex').toString('latin1')).join(''),
      );
    }
  }
  return out.join('\n');
}

export const pdfPageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
export const pdfImageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Subtype \/Image/g) ?? []).length;
