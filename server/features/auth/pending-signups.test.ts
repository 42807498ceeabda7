import { beforeEach, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { withCountingPasswords } from '../../../tests/helpers/passwords';
import { browser, signUpForm as form, makeTestDeps, rejection, tokenOf } from '../../../tests/helpers/test-deps';

// Issue 6 item 8: a sign-up for an address nobody has confirmed cannot be taken over by a second
// sign-up. Each sign-up's link carries its own details; with competing sign-ups, the link that is used
// confirms the address and its user (who controls the mailbox) chooses the password.
let t: ReturnType<typeof withCountingPasswords>;
beforeEach(async () => {
  t = withCountingPasswords(await makeTestDeps());
});

const ADA = 'ada@example.com';
const VICTIM = { ip: '198.51.100.1', password: 'Victim!Pass1', first_name: 'Ada' };
const ATTACKER = { ip: '192.0.2.66', password: 'Squatt3r!Pw', first_name: 'Eve' };

async function signUpAs(who: typeof VICTIM) {
  await (await browser(t.deps, who.ip).call()).auth.signUp({ ...form(ADA, who.password), first_name: who.first_name });
  return tokenOf(t.mail.lastLink(ADA));
}

const signInAs = async (password: string, ip = '198.51.100.200') =>
  (await browser(t.deps, ip).call()).auth.signIn({ email: ADA, password });

async function expectAttackerLockedOut() {
  const e = await rejection(signInAs(ATTACKER.password, ATTACKER.ip));
  expect(e.message).toBe(M.auth.invalidCredentials);
}

describe('pending sign-ups', () => {
  it('a single sign-up: its own link sets its password and names', async () => {
    const link = await signUpAs(VICTIM);
    const v = await (await browser(t.deps, VICTIM.ip).call()).auth.verify({ token: link, type: 'signup' });
    expect(v).toMatchObject({ message: M.verify.signupSuccess, signedIn: false, choosePasswordToken: null });
    expect((await signInAs(VICTIM.password)).first_name).toBe('Ada');
  });

  it('a second sign-up does not change the account row or void the first link', async () => {
    const first = await signUpAs(VICTIM);
    const before = await t.db.selectFrom('users').select(['password_hash', 'first_name']).executeTakeFirstOrThrow();
    await signUpAs(ATTACKER);
    const after = await t.db.selectFrom('users').select(['password_hash', 'first_name']).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    const live = await t.db.selectFrom('email_tokens').select('id').where('used_at', 'is', null).execute();
    expect(live).toHaveLength(2);
    await (await browser(t.deps, VICTIM.ip).call()).auth.verify({ token: first, type: 'signup' });
  });

  it.each([
    ['victim first, victim clicks their own link', [VICTIM, ATTACKER], 0],
    ['victim first, victim clicks the attacker’s (newer) link', [VICTIM, ATTACKER], 1],
    ['attacker first, victim clicks their own (newer) link', [ATTACKER, VICTIM], 1],
    ['attacker first, victim clicks the attacker’s link', [ATTACKER, VICTIM], 0],
  ] as const)(
    '%s: the mailbox owner ends with the password they choose, the attacker never signs in',
    async (_, order, clicked) => {
      const links = [await signUpAs(order[0]), await signUpAs(order[1])];
      expect((await rejection(signInAs(ATTACKER.password, ATTACKER.ip))).code).toBe('UNAUTHORIZED'); // unconfirmed
      const owner = browser(t.deps, VICTIM.ip);
      const v = await (await owner.call()).auth.verify({ token: links[clicked], type: 'signup' });
      expect(v).toMatchObject({ email: ADA, message: M.verify.signupChoosePassword, signedIn: false });
      expect(v.choosePasswordToken).toMatch(/^[a-z0-9]{32}$/);
      // confirmed, but no sign-up's password works until one is chosen; the other link is dead
      await expectAttackerLockedOut();
      expect((await rejection(signInAs(VICTIM.password))).message).toBe(M.auth.invalidCredentials);
      const other = links[1 - clicked];
      expect((await rejection((await owner.call()).auth.verify({ token: other, type: 'signup' }))).message).toBe(
        M.verify.signupFailed,
      );
      // the client switches to the update-password form with that token
      const chosen = 'Ch0sen!Pass';
      const user = await (await owner.call()).auth.resetPassword({
        token: v.choosePasswordToken!,
        password: chosen,
        confirm_password: chosen,
      });
      expect(user.email).toBe(ADA);
      expect((await (await owner.call()).auth.me())?.email).toBe(ADA);
      expect((await signInAs(chosen)).email).toBe(ADA);
      await expectAttackerLockedOut();
      // and a fresh sign-up for the address is refused now
      const again = await rejection((await browser(t.deps, ATTACKER.ip).call()).auth.signUp(form(ADA, 'Another!Pw1')));
      expect(again.message).toBe(M.auth.alreadyRegistered);
    },
  );

  it('a password reset on an unconfirmed address kills every pending sign-up link', async () => {
    await signUpAs(ATTACKER);
    const attackerLink = tokenOf(t.mail.lastLink(ADA));
    const owner = browser(t.deps, VICTIM.ip);
    await (await owner.call()).auth.forgotPassword({ email: ADA });
    const recovery = tokenOf(t.mail.lastLink(ADA));
    await (await owner.call()).auth.resetPassword({
      token: recovery,
      password: 'Ch0sen!Pass',
      confirm_password: 'Ch0sen!Pass',
    });
    const late = await rejection((await owner.call()).auth.verify({ token: attackerLink, type: 'signup' }));
    expect(late.message).toBe(M.verify.signupFailed);
    await expectAttackerLockedOut();
    expect((await signInAs('Ch0sen!Pass')).email).toBe(ADA);
    // no pending password hash is kept once the address is confirmed
    const held = await t.db.selectFrom('email_tokens').select('password_hash').where('type', '=', 'signup').execute();
    expect(held.every((r) => r.password_hash === null)).toBe(true);
  });
});
