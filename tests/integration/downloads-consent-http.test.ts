import { beforeAll, describe, expect, it } from 'vitest';
import { eraseEvent } from '#server/features/gdpr/erase';
import { M } from '#shared/messages';
import { client, dl, payOnTestCheckout, refusal, server, withDownloadsServer } from '../helpers/downloads-server';
import {
  fetchFile,
  insertEvent,
  type Joined,
  joinEvent,
  parseCsv,
  pdfImageCount,
  pdfText,
} from '../helpers/downloads-world';

// Downloads carry only what people agreed to (docs/privacy.md): a file lists everyone by name, photo and
// headline, and e-mail and phone only of those who ticked "Include my contact details in the attendee list
// the organiser offers". The download card says how many did, before payment. Real server, real HTTP.

withDownloadsServer();

const PEOPLE = {
  grace: { first_name: 'Grace', last_name: 'Hopper', email: 'grace@navy.example', phone: '+44 7700 900001' },
  alan: { first_name: 'Alan', last_name: 'Turing', email: 'alan@bletchley.example', phone: '+44 7700 900002' },
  kath: { first_name: 'Katherine', last_name: 'Johnson', phone: '+44 7700 900003' },
  ada: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@engines.example' },
  dot: { first_name: 'Dorothy', last_name: 'Vaughan' },
};
// Grace and Katherine agreed and gave contacts; Dorothy agreed but gave none; Alan and Ada did not agree.
const AGREED = { grace: true, alan: false, kath: true, ada: false, dot: true } as const;
type Who = keyof typeof PEOPLE;
const WHO = Object.keys(PEOPLE) as Who[];
const headline = (who: Who) => `Headline of ${PEOPLE[who].first_name}`;
const withheld = [PEOPLE.alan.email, PEOPLE.alan.phone, PEOPLE.ada.email];

/** An event whose five attendees chose as AGREED says. */
async function room(o: Parameters<typeof insertEvent>[1]) {
  const eventId = await insertEvent(server, o);
  const joined = {} as Record<Who, Joined>;
  for (const who of WHO) {
    joined[who] = await joinEvent(server, eventId, {
      ...PEOPLE[who],
      headline: headline(who),
      share_in_download: AGREED[who],
    });
  }
  return { eventId, joined };
}

/** The CSV's rows keyed by first name, each cell by its header. */
function csvByName(bytes: Buffer) {
  const [header, ...rows] = parseCsv(bytes.toString('utf8'));
  return Object.fromEntries(rows.map((r) => [r[0], Object.fromEntries(header.map((h, i) => [h, r[i]]))]));
}

function expectOnlyAgreedContacts(bytes: Buffer) {
  const byName = csvByName(bytes);
  expect(Object.keys(byName).sort()).toEqual(['Ada', 'Alan', 'Dorothy', 'Grace', 'Katherine']);
  expect(byName.Grace).toMatchObject({ Email: PEOPLE.grace.email, Phone: `'${PEOPLE.grace.phone}` });
  expect(byName.Katherine).toMatchObject({ Email: '', Phone: `'${PEOPLE.kath.phone}` });
  for (const name of ['Alan', 'Ada', 'Dorothy']) expect(byName[name]).toMatchObject({ Email: '', Phone: '' });
  for (const who of WHO) expect(byName[PEOPLE[who].first_name].Headline).toBe(headline(who));
  const text = bytes.toString('utf8');
  for (const secret of withheld) expect(text).not.toContain(secret);
}

describe('a free list holds contacts only of those who agreed', () => {
  let eventId: string;
  let joined: Record<Who, Joined>;
  beforeAll(async () => {
    ({ eventId, joined } = await room({ name: 'Consent Night', download_price: 0 }));
  });
  const proof = (who: Who) => ({
    eventId,
    registrationId: joined[who].registrationId,
    registrationToken: joined[who].token,
  });

  it('CSV: everyone by name and headline; e-mail and phone of Grace and Katherine only', async () => {
    // asked by someone who did not agree: the file is the same for every buyer
    const r = await dl().prepare.mutate({ ...proof('alan'), format: 'csv' });
    expectOnlyAgreedContacts((await fetchFile(server, r.downloadUrl)).bytes);
  });

  it('PDF: everyone by name, headline and photo; e-mail and phone of Grace and Katherine only', async () => {
    const r = await dl().prepare.mutate({ ...proof('grace'), format: 'pdf' });
    const { bytes } = await fetchFile(server, r.downloadUrl);
    const text = pdfText(bytes);
    for (const who of WHO) {
      expect(text).toContain(`${PEOPLE[who].first_name} ${PEOPLE[who].last_name}`);
      expect(text).toContain(headline(who));
    }
    expect(pdfImageCount(bytes)).toBe(WHO.length);
    expect(text).toContain(`5 attendees · ${M.choices.pdfContactsNote}`);
    for (const shown of [PEOPLE.grace.email, PEOPLE.grace.phone, PEOPLE.kath.phone]) expect(text).toContain(shown);
    for (const secret of withheld) expect(text).not.toContain(secret);
  });

  it('the card counts the attendees who included their contacts: 2 of 5', async () => {
    expect(await dl().countSharedContacts.query({ eventId })).toEqual({ attendees: 5, sharing: 2 });
  });

  it('a change of mind reaches the next file and the count; a file held from before is not handed back', async () => {
    const before = await dl().prepare.mutate({ ...proof('grace'), format: 'csv' });
    const edit = { ...proof('alan'), token: joined.alan.token, ...PEOPLE.alan, headline: headline('alan') };
    const c = client.trpc.registrations;
    await c.update.mutate({ ...edit, share_in_download: true });
    expect(await dl().countSharedContacts.query({ eventId })).toEqual({ attendees: 5, sharing: 3 });
    const agreed = await dl().prepare.mutate({ ...proof('grace'), format: 'csv' });
    expect(agreed.downloadUrl).not.toBe(before.downloadUrl);
    expect(csvByName((await fetchFile(server, agreed.downloadUrl)).bytes).Alan).toMatchObject({
      Email: PEOPLE.alan.email,
      Phone: `'${PEOPLE.alan.phone}`,
    });

    await c.update.mutate({ ...edit, share_in_download: false });
    expect(await dl().countSharedContacts.query({ eventId })).toEqual({ attendees: 5, sharing: 2 });
    const withdrawn = await dl().prepare.mutate({ ...proof('grace'), format: 'csv' });
    expect(withdrawn.downloadUrl).not.toBe(agreed.downloadUrl);
    expectOnlyAgreedContacts((await fetchFile(server, withdrawn.downloadUrl)).bytes);
  });
});

describe('a paid list holds contacts only of those who agreed', () => {
  it('the count before payment, then the file bought: Grace and Katherine only', async () => {
    const { eventId, joined } = await room({ name: 'Paid Consent', download_price: 999, download_formats: ['csv'] });
    // the card reads this before anyone pays (no token needed: it is a count)
    expect(await dl().countSharedContacts.query({ eventId })).toEqual({ attendees: 5, sharing: 2 });
    const input = {
      eventId,
      format: 'csv' as const,
      registrationId: joined.dot.registrationId,
      registrationToken: joined.dot.token,
    };
    const { url } = await dl().createPayment.mutate(input);
    const { sessionId } = await payOnTestCheckout(url);
    const r = await dl().prepare.mutate({ ...input, sessionId });
    expectOnlyAgreedContacts((await fetchFile(server, r.downloadUrl)).bytes);
  });
});

describe('the count is only for a list on offer', () => {
  it('an event without downloads, or erased, is refused; a missing event is not found', async () => {
    const off = await insertEvent(server, { download_enabled: false });
    await joinEvent(server, off, { ...PEOPLE.grace, share_in_download: true });
    expect(await refusal(dl().countSharedContacts.query({ eventId: off }))).toEqual({
      message: M.downloads.notOffered,
      code: 'FORBIDDEN',
    });
    const erased = await insertEvent(server, { download_price: 0 });
    await joinEvent(server, erased, { ...PEOPLE.grace, share_in_download: true });
    expect(await dl().countSharedContacts.query({ eventId: erased })).toEqual({ attendees: 1, sharing: 1 });
    await eraseEvent(server.deps, erased);
    expect((await refusal(dl().countSharedContacts.query({ eventId: erased }))).message).toBe(M.downloads.notOffered);
    expect(await refusal(dl().countSharedContacts.query({ eventId: crypto.randomUUID() }))).toEqual({
      message: M.events.notFound,
      code: 'NOT_FOUND',
    });
  });

  it('an empty room counts 0 of 0', async () => {
    const eventId = await insertEvent(server, { download_price: 0 });
    expect(await dl().countSharedContacts.query({ eventId })).toEqual({ attendees: 0, sharing: 0 });
  });
});
