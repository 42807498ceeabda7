import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LINKEDIN } from '#shared/constants';
import { M } from '#shared/messages';
import { FAKE_LINKEDIN_CLIENT, type FakeLinkedIn, gpsJpeg, startFakeLinkedIn } from '../../../tests/fakes/linkedin';
import { eventForm, giveMembership, makeUser, rejection } from '../../../tests/helpers/factory';
import { browser, makeTestDeps } from '../../../tests/helpers/test-deps';

// spec §7 LinkedIn + linkedin-auth, §4 LinkedIn import, §3 LinkedIn import result; against the fake
// OAuth server on loopback through the real adapter.

type T = Awaited<ReturnType<typeof makeTestDeps>>;

let fake: FakeLinkedIn;
let t: T;
let dir: string;
// The test browser's Host is localhost:3000 (tests/helpers/test-deps.ts).
const CALLBACK = 'http://localhost:3000/linkedin-callback';
const GPS_IFD_TAG = Buffer.from([0x25, 0x88]);

beforeAll(async () => {
  fake = await startFakeLinkedIn();
});
afterAll(() => fake.stop());
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roomlist-linkedin-'));
  t = await makeTestDeps({ DATA_DIR: dir, ...fake.env });
  fake.state.userinfoStatus = 200;
  fake.state.picture = await gpsJpeg();
  fake.state.profile = {
    given_name: 'Grace',
    family_name: 'Hopper',
    email: 'Grace.Hopper@Example.com',
    picture: '/picture.jpg',
  };
  fake.state.tokenRequests.length = 0;
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const api = async (deps = t.deps, ip = '203.0.113.9') => (await browser(deps, ip).call()).linkedin;
const importFailed = { code: 'BAD_REQUEST', message: M.linkedin.importFailedTitle };

describe('linkedin.exchange', () => {
  it('exchanges the code with the client credentials and returns names, e-mail and the picture without EXIF', async () => {
    const code = await fake.code(CALLBACK);
    const p = await (await api()).exchange({ code, redirectUri: CALLBACK });

    expect([p.firstName, p.lastName, p.email]).toEqual(['Grace', 'Hopper', 'grace.hopper@example.com']);
    const [sent] = fake.state.tokenRequests;
    expect(Object.fromEntries(sent)).toEqual({
      grant_type: 'authorization_code',
      code,
      redirect_uri: CALLBACK,
      client_id: FAKE_LINKEDIN_CLIENT.id,
      client_secret: FAKE_LINKEDIN_CLIENT.secret,
    });
    // the picture came through the photo pipeline: a re-encoded JPEG, the GPS position gone
    expect(p.profilePicture).toMatch(/^data:image\/jpeg;base64,/);
    const bytes = Buffer.from(p.profilePicture!.split(',')[1], 'base64');
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.exif, meta.width]).toEqual(['jpeg', undefined, 120]);
    expect(bytes.includes(GPS_IFD_TAG) || bytes.includes('linkedin-secret-place')).toBe(false);
    expect((await sharp(fake.state.picture).metadata()).exif?.includes(GPS_IFD_TAG)).toBe(true);
  });

  it('gives a picture the join form can send as its photo', async () => {
    const ada = await makeUser(t, 'ada@example.com');
    await giveMembership(t, ada.id, 'annual');
    const event = await (await ada.call()).events.create(eventForm());
    const p = await (await api()).exchange({ code: await fake.code(CALLBACK), redirectUri: CALLBACK });

    const joined = await (await browser(t.deps).call()).registrations.join({
      eventId: event.id,
      token: crypto.randomUUID(),
      first_name: p.firstName,
      last_name: p.lastName,
      email: p.email,
      phone: '',
      headline: '',
      photo: p.profilePicture,
    });
    expect(joined.photo_url).toMatch(/^\/uploads\//);
  });

  it('splits `name` when LinkedIn gives no given/family name, and leaves out an unusable e-mail', async () => {
    fake.state.profile = { name: 'Ada King Lovelace', email: 'not-an-address' };
    const p = await (await api()).exchange({ code: await fake.code(CALLBACK), redirectUri: CALLBACK });
    expect(p).toEqual({ firstName: 'Ada', lastName: 'King Lovelace', email: null, profilePicture: null });
  });

  it('still imports the names when the picture is not an image or not http(s)', async () => {
    fake.state.picture = Buffer.from('<html>not a picture</html>');
    const a = await (await api()).exchange({ code: await fake.code(CALLBACK), redirectUri: CALLBACK });
    expect([a.firstName, a.profilePicture]).toEqual(['Grace', null]);

    fake.state.profile = { ...fake.state.profile, picture: 'file:///etc/passwd' };
    const b = await (await api()).exchange({ code: await fake.code(CALLBACK), redirectUri: CALLBACK });
    expect([b.firstName, b.profilePicture]).toEqual(['Grace', null]);
  });

  it('fails with the spec text when the client secret is wrong', async () => {
    const wrong = await makeTestDeps({ DATA_DIR: dir, ...fake.env, LINKEDIN_CLIENT_SECRET: 'not-the-secret' });
    const code = await fake.code(CALLBACK);
    expect(await rejection((await api(wrong.deps)).exchange({ code, redirectUri: CALLBACK }))).toEqual(importFailed);
  });

  it('fails with the spec text for a code LinkedIn never issued, or one used already', async () => {
    expect(await rejection((await api()).exchange({ code: 'made-up', redirectUri: CALLBACK }))).toEqual(importFailed);
    const code = await fake.code(CALLBACK);
    await (await api()).exchange({ code, redirectUri: CALLBACK });
    expect(await rejection((await api()).exchange({ code, redirectUri: CALLBACK }))).toEqual(importFailed);
  });

  it('fails with the spec text when userinfo answers an error', async () => {
    fake.state.userinfoStatus = 500;
    const code = await fake.code(CALLBACK);
    expect(await rejection((await api()).exchange({ code, redirectUri: CALLBACK }))).toEqual(importFailed);
  });

  it('fails when LinkedIn is unreachable', async () => {
    const down = await makeTestDeps({ DATA_DIR: dir, ...fake.env, LINKEDIN_TOKEN_URL: 'http://127.0.0.1:9/token' });
    expect(await rejection((await api(down.deps)).exchange({ code: 'c', redirectUri: CALLBACK }))).toEqual(
      importFailed,
    );
  });

  it.each([
    ['another origin', 'https://evil.example/linkedin-callback'],
    ['another port', 'http://localhost:4000/linkedin-callback'],
    ['a page that is not a callback', 'http://localhost:3000/register/x'],
    ['a callback with its own query', 'http://localhost:3000/auth-callback?next=https://evil.example'],
    ['not a URL', 'linkedin-callback'],
  ])('refuses a redirect URI of %s without calling LinkedIn', async (_what, redirectUri) => {
    expect(await rejection((await api()).exchange({ code: 'c', redirectUri }))).toEqual(importFailed);
    expect(fake.state.tokenRequests).toHaveLength(0);
  });

  it('accepts /auth-callback too', async () => {
    const uri = 'http://localhost:3000/auth-callback';
    const p = await (await api()).exchange({ code: await fake.code(uri), redirectUri: uri });
    expect(p.firstName).toBe('Grace');
  });

  it('with BASE_URL set, accepts only its origin, not the Host the request names', async () => {
    const based = await makeTestDeps({ DATA_DIR: dir, ...fake.env, BASE_URL: 'https://rooms.example.com' });
    expect(await rejection((await api(based.deps)).exchange({ code: 'c', redirectUri: CALLBACK }))).toEqual(
      importFailed,
    );
    const uri = 'https://rooms.example.com/linkedin-callback';
    const p = await (await api(based.deps)).exchange({ code: await fake.code(uri), redirectUri: uri });
    expect(p.lastName).toBe('Hopper');
  });

  it('holds one IP to a venue-sized number of exchanges; another IP is not affected', async () => {
    const { MAX_ATTEMPTS } = LINKEDIN.EXCHANGE_RATE_LIMIT;
    const bad = { code: 'c', redirectUri: 'https://evil.example/linkedin-callback' };
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      expect((await rejection((await api()).exchange(bad))).code).toBe('BAD_REQUEST');
    }
    const code = await fake.code(CALLBACK);
    expect((await rejection((await api()).exchange({ code, redirectUri: CALLBACK }))).code).toBe('TOO_MANY_REQUESTS');
    const other = await (await api(t.deps, '203.0.113.10')).exchange({ code, redirectUri: CALLBACK });
    expect(other.firstName).toBe('Grace');
  });
});

describe('LinkedIn configuration', () => {
  it('gives the browser what it needs to open the popup, never the secret', async () => {
    const system = (await browser(t.deps).call()).system;
    const pub = await system.publicConfig();
    expect(pub.linkedinEnabled).toBe(true);
    const auth = await (await api()).authorization();
    expect(auth).toEqual({
      authUrl: fake.env.LINKEDIN_AUTH_URL,
      clientId: FAKE_LINKEDIN_CLIENT.id,
      scope: 'openid profile email',
    });
    expect(JSON.stringify([pub, auth])).not.toContain(FAKE_LINKEDIN_CLIENT.secret);
  });

  it('is hidden and refused when the client id and secret are not set', async () => {
    const off = await makeTestDeps({ DATA_DIR: dir });
    const call = await browser(off.deps).call();
    expect((await call.system.publicConfig()).linkedinEnabled).toBe(false);
    const notFound = { code: 'NOT_FOUND', message: M.linkedin.importFailedTitle };
    expect(await rejection(call.linkedin.authorization())).toEqual(notFound);
    expect(await rejection(call.linkedin.exchange({ code: await fake.code(CALLBACK), redirectUri: CALLBACK }))).toEqual(
      notFound,
    );
    expect(fake.state.tokenRequests).toHaveLength(0);
  });
});
