import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { M } from '#shared/messages';
import { browserHarness, field, hidden, PHONE, path, snap, toast, visible } from '../helpers/browser';
import type { TestServer } from '../helpers/server';

const selected = (l: Locator) => expect.poll(() => l.getAttribute('aria-selected')).toBe('true');

const harness = browserHarness();

const PASSWORD = 'Sunrise-Harbour9';
const person = { first_name: 'Ada', last_name: 'Lovelace', password: PASSWORD, confirm_password: PASSWORD };

/** An account made through the API, optionally confirmed through its outbox link. */
async function account(server: TestServer, email: string, confirmed: boolean) {
  const api = server.client().trpc;
  await api.auth.signUp.mutate({ ...person, email });
  if (confirmed) {
    const link = new URL(server.lastLink(email) ?? '');
    await api.auth.verify.mutate({ token: link.searchParams.get('token') ?? '', type: 'signup' });
  }
}

async function submitSignIn(page: Page, email: string, password: string) {
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  const answered = page.waitForResponse((r) => r.url().includes('auth.signIn'));
  await page.getByRole('button', { name: 'Sign In' }).click();
  await answered;
}

describe('auth in the browser', () => {
  test('sign up, confirm from the outbox, sign in to the dashboard, sign out', async () => {
    const { server, context, page, errors } = await harness.open();
    const email = 'ada@example.com';

    await page.goto('/auth');
    await expect.poll(() => page.title()).toBe('Sign Up · Roomlist');
    await selected(page.getByRole('tab', { name: 'Sign Up' }));
    await field(page, 'First name').fill(person.first_name);
    await field(page, 'Last name').fill(person.last_name);
    await field(page, 'Email').fill(email);
    await field(page, 'Password').fill('weak');
    await expect.poll(() => page.getByTestId('password-strength').textContent()).toBe('Very Weak');
    await field(page, 'Password').fill(PASSWORD);
    await expect.poll(() => page.getByTestId('password-strength').textContent()).toBe('Strong');
    await field(page, 'Confirm password').fill(PASSWORD);
    await snap(page, 'e2e-auth-sign-up-filled');
    await page.getByRole('button', { name: 'Create Account' }).click();

    await visible(page.getByRole('heading', { name: M.auth.checkEmailTitle }));
    expect(path(page) + new URL(page.url()).search).toBe('/auth/success?type=signup');
    await visible(page.getByText('Step 2 of 3'));
    await visible(page.getByText(email));
    await visible(page.getByText(M.mail.outboxSignup));

    const link = server.lastLink(email);
    expect(link).toMatch(/\/auth\?token=[a-z0-9]+&type=signup$/i);
    await page.goto(link as string);
    await visible(page.getByText(M.verify.signupSuccess));
    await selected(page.getByRole('tab', { name: 'Sign In' }));
    expect(await field(page, 'Email').inputValue()).toBe(email);
    expect(page.url()).not.toContain('token=');

    await field(page, 'Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await visible(page.getByRole('heading', { name: 'Dashboard', exact: true }));
    expect(path(page)).toBe('/');
    await expect.poll(() => page.title()).toBe('Dashboard · Roomlist');
    await visible(page.getByText('Welcome back, Ada'));
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await visible(nav.getByText('Platform Navigation'));
    await visible(nav.getByRole('link', { name: 'Events List' }));
    await visible(nav.getByRole('link', { name: 'Admin Dashboard' })); // the first account is admin
    await snap(page, 'e2e-auth-dashboard');

    // Ctrl+B collapses the sidebar to icons and the choice lands in the sidebar_state cookie.
    await page.keyboard.press('Control+b');
    await hidden(nav.getByText('Platform Navigation'));
    const sidebarCookie = async () => (await context.cookies()).find((c) => c.name === 'sidebar_state')?.value;
    expect(await sidebarCookie()).toBe('false');
    await page.reload();
    await visible(page.getByRole('heading', { name: 'Dashboard', exact: true }));
    expect(await nav.getByText('Platform Navigation').isVisible()).toBe(false);
    await page.keyboard.press('Control+b');
    await visible(nav.getByText('Platform Navigation'));
    expect(await sidebarCookie()).toBe('true');

    await nav.getByRole('link', { name: 'Account' }).click();
    await visible(page.getByRole('heading', { name: 'Account', exact: true }));
    await page.getByRole('button', { name: 'Logout' }).click();
    await visible(page.getByRole('tab', { name: 'Sign Up' }));
    expect(path(page)).toBe('/auth');
    await page.goto('/');
    await expect.poll(() => path(page)).toBe('/auth');
    expect(errors).toEqual([]);
  });

  test('five wrong passwords lock the account, and the server refuses even the right one', async () => {
    const { server, page, errors } = await harness.open();
    const email = 'locked@example.com';
    await account(server, email, true);

    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign In' }).click();
    for (let remaining = 4; remaining >= 1; remaining--) {
      await submitSignIn(page, email, 'Wrong-password-1');
      await visible(toast(page, M.auth.remainingAttempts(remaining)));
    }
    await visible(toast(page, M.auth.failedTitle));
    await submitSignIn(page, email, 'Wrong-password-1');
    await visible(toast(page, M.auth.lockedTitle).filter({ hasText: M.auth.lockedBody(30) }));
    expect(await page.getByRole('button', { name: 'Sign In' }).isDisabled()).toBe(true);
    await page.locator('button[type=submit]:not([data-loading])').waitFor();
    await snap(page, 'e2e-auth-locked');

    // The browser keeps the end of the lock: after a reload the form is still disabled.
    await page.reload();
    await page.getByRole('tab', { name: 'Sign In' }).click();
    await visible(page.getByRole('alert').filter({ hasText: M.auth.lockedTitle }));
    expect(await page.getByRole('button', { name: 'Sign In' }).isDisabled()).toBe(true);

    // Without the browser's copy of the lock the form submits again; the server still says no.
    await page.evaluate(() => window.localStorage.clear());
    await page.reload();
    await page.getByRole('tab', { name: 'Sign In' }).click();
    await submitSignIn(page, email, PASSWORD);
    await visible(toast(page, M.auth.lockedTitle));
    expect(path(page)).toBe('/auth');
    expect(errors).toEqual([]);
  });

  test('a failed sign-in toast does not follow to the dashboard; toasts sit off the menu (desktop) and the buttons (phone)', async () => {
    for (const viewport of [PHONE, { width: 1440, height: 900 }]) {
      const { server, page, errors } = await harness.open({ viewport });
      const email = `stale-${viewport.width}@example.com`;
      await account(server, email, true);
      await page.goto('/auth');
      await page.getByRole('tab', { name: 'Sign In' }).click();
      await submitSignIn(page, email, 'Wrong-password-1');
      const failed = toast(page, M.auth.remainingAttempts(4));
      await visible(failed);
      const box = await failed.boundingBox();
      // a desktop's at the bottom, off the header's user menu; a phone's at the top, off the form's buttons
      if (viewport === PHONE) expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThan(viewport.height / 2);
      else expect(box?.y ?? 0).toBeGreaterThan(viewport.height / 2);
      await submitSignIn(page, email, PASSWORD);
      await page.waitForURL((u) => u.pathname === '/');
      await hidden(failed);
      expect(await page.locator('.mantine-Notification-root').filter({ hasText: M.auth.failedTitle }).count()).toBe(0);
      expect(errors).toEqual([]);
    }
  });

  test('an unconfirmed account cannot sign in', async () => {
    const { server, page, errors } = await harness.open();
    const email = 'pending@example.com';
    await account(server, email, false);

    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign In' }).click();
    await submitSignIn(page, email, PASSWORD);
    await visible(page.getByRole('alert').filter({ hasText: M.auth.emailNotConfirmed }));
    expect(path(page)).toBe('/auth');
    expect(errors).toEqual([]);
  });

  test('guards, 404 and the phone drawer', async () => {
    const { server, page, errors } = await harness.open({ viewport: PHONE });
    await page.goto('/');
    await expect.poll(() => path(page)).toBe('/auth');
    await page.goto('/no-such-page');
    await visible(page.getByRole('heading', { name: M.guards.notFoundTitle }));
    expect(await page.getByRole('link', { name: /home/i }).getAttribute('href')).toBe('/');

    const email = 'phone@example.com';
    await account(server, email, true);
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign In' }).click();
    await submitSignIn(page, email, PASSWORD);
    await visible(page.getByRole('heading', { name: 'Dashboard', exact: true }));

    const burger = page.getByRole('button', { name: 'Open navigation' });
    await visible(burger);
    await hidden(page.getByRole('button', { name: 'Collapse sidebar' }));
    await burger.click();
    const drawer = page.getByRole('dialog');
    await visible(drawer.getByRole('link', { name: 'Events List' }));
    await page.waitForFunction(
      () => document.querySelector('.mantine-Drawer-content')?.getBoundingClientRect().left === 0,
    );
    await snap(page, 'e2e-auth-phone-drawer');
    await drawer.getByRole('link', { name: 'Events List' }).click();
    await visible(page.getByRole('heading', { name: 'Events', exact: true }));
    await hidden(page.getByRole('dialog'));
    expect(path(page)).toBe('/events');

    // Every route change was recorded as a page view.
    await expect
      .poll(async () => (await server.deps.db.selectFrom('page_views').select('path').execute()).map((v) => v.path))
      .toEqual(expect.arrayContaining(['/', '/auth', '/no-such-page', '/events']));
    expect(errors).toEqual([]);
  });

  test('forgot password, follow the reset link, set a new password, land signed in', async () => {
    const { server, page, errors } = await harness.open();
    const email = 'reset@example.com';
    await account(server, email, true);

    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await field(page, 'Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await visible(page.getByRole('heading', { name: 'Reset Link Sent', exact: true }));
    expect(path(page)).toBe('/auth/password-reset-success');
    await visible(page.getByText(M.mail.outboxReset));

    const link = server.lastLink(email);
    expect(link).toMatch(/type=recovery$/);
    await page.goto(link as string);
    await visible(page.getByRole('heading', { name: 'Set a new password', exact: true }));
    const fresh = 'Lighthouse-Keeper7';
    await field(page, 'New password').fill(fresh);
    await field(page, 'Confirm new password').fill('Lighthouse-Keeper8');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await visible(page.getByText(M.auth.passwordsDontMatch));
    await field(page, 'Confirm new password').fill(fresh);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await visible(page.getByRole('heading', { name: 'Dashboard', exact: true }));
    expect(path(page)).toBe('/');

    // The link works once.
    await page.goto(link as string);
    await visible(page.getByText(M.verify.recoveryFailed));
    // still signed in, so the failed link leaves /auth for the dashboard once the message is shown
    await expect.poll(() => path(page)).toBe('/');
    expect(errors).toEqual([]);
  });

  test('a reset link that no longer works says so on the form that asks for a new one', async () => {
    const { page, errors } = await harness.open({ viewport: PHONE });
    await page.goto('/auth?token=no-such-token&type=recovery');
    const form = page.locator('form').filter({ hasText: 'Forgot your password?' });
    await visible(form.getByRole('alert').filter({ hasText: M.verify.recoveryFailed }));
    await visible(form.getByRole('textbox', { name: 'Email' }));
    expect(errors).toEqual([]);
  });

  test('a session ended outside the tab sends it to /auth on its next call', async () => {
    const { server, context, page, errors } = await harness.open();
    const email = 'elsewhere@example.com';
    await account(server, email, true);
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign In' }).click();
    await submitSignIn(page, email, PASSWORD);
    await visible(page.getByRole('heading', { name: 'Dashboard', exact: true }));

    // Sign out "in another tab": the server's auth.signOut with this browser's session cookie.
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const signedOut = await fetch(`${server.url}/trpc/auth.signOut`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
    });
    expect(signedOut.ok).toBe(true);
    expect(await server.deps.db.selectFrom('sessions').select('id').execute()).toEqual([]);

    // The tab still shows the dashboard; its next data call answers UNAUTHORIZED and the guard takes over.
    expect(path(page)).toBe('/');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Events List' }).click();
    await expect.poll(() => path(page)).toBe('/auth');
    await visible(page.getByRole('tab', { name: 'Sign Up' }));
    expect(errors).toEqual([]);
  });

  test('a sign-up link that raced another sign-up for the address leads to choosing a password', async () => {
    const { server, page, errors } = await harness.open();
    const email = 'contested@example.com';
    const api = server.client().trpc;
    await api.auth.signUp.mutate({
      ...person,
      email,
      first_name: 'Eve',
      password: 'Squatt3r!Pw',
      confirm_password: 'Squatt3r!Pw',
    });
    await api.auth.signUp.mutate({ ...person, email });
    await page.goto(server.lastLink(email) as string);
    await visible(toast(page, M.verify.signupChoosePassword));
    await visible(page.getByRole('heading', { name: 'Set a new password', exact: true }));
    const chosen = 'Lighthouse-Keeper7';
    await field(page, 'New password').fill(chosen);
    await field(page, 'Confirm new password').fill(chosen);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await visible(page.getByRole('heading', { name: 'Dashboard', exact: true }));
    expect(path(page)).toBe('/');
    expect(errors).toEqual([]);
  });
});
