import { beforeEach, describe, expect, it } from 'vitest';
import { browser, makeTestDeps, rejection, signedInUser } from '../../../tests/helpers/test-deps';
import { SESSION } from '../../constants';

let t: Awaited<ReturnType<typeof makeTestDeps>>;
beforeEach(async () => {
  t = await makeTestDeps();
});

describe('sessions', () => {
  it('sign out ends the session on the server', async () => {
    const { b } = await signedInUser(t, { email: 'ada@example.com' });
    const stolen = b.cookie();
    await (await b.call()).auth.signOut();
    expect(b.cookie()).toBe('');
    const replay = browser(t.deps);
    replay.setCookie(stolen);
    expect(await (await replay.call()).auth.me()).toBeNull();
  });

  it('refuses a token whose secret is wrong', async () => {
    const { b } = await signedInUser(t, { email: 'ada@example.com' });
    const forged = browser(t.deps);
    forged.setCookie(b.cookie().replace(/\.[a-z0-9]+$/, '.aaaaaaaaaaaaaaaaaaaaaaaa'));
    expect(await (await forged.call()).auth.me()).toBeNull();
    expect((await rejection((await forged.call()).auth.roles())).code).toBe('UNAUTHORIZED');
  });

  it('slides the expiry while used and expires after 30 idle days', async () => {
    const { b } = await signedInUser(t, { email: 'ada@example.com' });
    t.clock.advance(20 * 24 * 3600_000);
    expect(await (await b.call()).auth.me()).not.toBeNull(); // refreshed: 30 days from now
    t.clock.advance(25 * 24 * 3600_000);
    expect(await (await b.call()).auth.me()).not.toBeNull();
    t.clock.advance(SESSION.TTL_MS + 1000);
    expect(await (await b.call()).auth.me()).toBeNull();
  });
});
