import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { type FakeLinkedIn, startFakeLinkedIn } from '../fakes/linkedin';
import { startTestServer, type TestServer } from '../helpers/server';

// spec §7 LinkedIn through the real server: HTTP, the same-origin guard, the headers of the popup's pages.

let fake: FakeLinkedIn;
let server: TestServer;

beforeAll(async () => {
  fake = await startFakeLinkedIn();
  server = await startTestServer({ env: fake.env });
});
afterAll(async () => {
  await server?.stop();
  await fake?.stop();
});

describe('LinkedIn import over HTTP', () => {
  it('exchanges a code for the profile', async () => {
    const redirectUri = `${server.url}/linkedin-callback`;
    const c = server.client();
    expect((await c.trpc.system.publicConfig.query()).linkedinEnabled).toBe(true);
    const p = await c.trpc.linkedin.exchange.mutate({ code: await fake.code(redirectUri), redirectUri });
    expect([p.firstName, p.lastName, p.email]).toEqual(['Grace', 'Hopper', 'grace.hopper@example.com']);
    expect(p.profilePicture).toMatch(/^data:image\/jpeg;base64,/);
  });

  it('refuses an exchange posted from another site', async () => {
    const redirectUri = `${server.url}/linkedin-callback`;
    const before = fake.state.tokenRequests.length;
    const res = await fetch(`${server.url}/trpc/linkedin.exchange`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ code: await fake.code(redirectUri), redirectUri }),
    });
    expect(res.status).toBe(403);
    expect(fake.state.tokenRequests.length).toBe(before);
  });

  it('refuses a callback on another origin with the spec text', async () => {
    const c = server.client();
    const err = await c.trpc.linkedin.exchange
      .mutate({ code: 'x', redirectUri: 'https://evil.example/linkedin-callback' })
      .catch((e: Error) => e);
    expect((err as Error).message).toBe(M.linkedin.importFailedTitle);
  });

  it('serves the callback pages without an opener-severing COOP; every other page keeps it', async () => {
    for (const p of ['/linkedin-callback?code=a&state=b', '/auth-callback']) {
      const res = await fetch(`${server.url}${p}`);
      expect([res.status, res.headers.get('cross-origin-opener-policy')]).toEqual([200, 'unsafe-none']);
    }
    const other = await fetch(`${server.url}/register/x`);
    expect(other.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
  });
});
