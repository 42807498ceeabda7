import { beforeEach, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { eventForm, giveMembership, makeUser, rejection } from '../../../tests/helpers/factory';
import { browser, makeTestDeps } from '../../../tests/helpers/test-deps';

type T = Awaited<ReturnType<typeof makeTestDeps>>;
let t: T;
let admin: Awaited<ReturnType<typeof makeUser>>;
let ada: Awaited<ReturnType<typeof makeUser>>;

beforeEach(async () => {
  t = await makeTestDeps();
  admin = await makeUser(t, 'admin@example.com'); // the first account is the admin
  ada = await makeUser(t, 'ada@example.com');
});

const check = async (u = ada) => (await u.call()).membership.check();
const credits = async (userId: string) =>
  t.db.selectFrom('user_memberships').select('is_active').where('user_id', '=', userId).orderBy('created_at').execute();

describe('membership.check (spec §3 Membership, §4 gate)', () => {
  it('none / false / false without a membership', async () => {
    expect(await check()).toEqual({ type: 'none', isActive: false, canCreateEvents: false });
  });

  it('an unused pay-as-you-go credit: active, may create', async () => {
    await giveMembership(t, ada.id, 'one_time');
    expect(await check()).toEqual({ type: 'pay-as-you-go', isActive: true, canCreateEvents: true });
  });

  it('a used-up pay-as-you-go credit: "Ready for Another Event?"', async () => {
    await giveMembership(t, ada.id, 'one_time', { active: false });
    expect(await check()).toEqual({ type: 'pay-as-you-go', isActive: false, canCreateEvents: false });
  });

  it('an annual plan is active until expires_at, then "Membership Expired"', async () => {
    await giveMembership(t, ada.id, 'annual', { expiresAt: '2026-12-01T00:00:00.000Z' });
    expect(await check()).toEqual({ type: 'annual', isActive: true, canCreateEvents: true });
    t.clock.set('2026-12-01T00:00:00.000Z');
    expect(await check()).toEqual({ type: 'annual', isActive: false, canCreateEvents: false });
  });

  it('an expired annual plan with an unused credit may still create', async () => {
    await giveMembership(t, ada.id, 'annual', { expiresAt: '2026-01-01T00:00:00.000Z' });
    await giveMembership(t, ada.id, 'one_time');
    expect(await check()).toEqual({ type: 'pay-as-you-go', isActive: true, canCreateEvents: true });
  });

  it('with nothing active, the newest lapsed plan names the type', async () => {
    await giveMembership(t, ada.id, 'one_time', { active: false, createdAt: '2025-01-01T00:00:00.000Z' });
    await giveMembership(t, ada.id, 'annual', {
      expiresAt: '2026-06-01T00:00:00.000Z',
      createdAt: '2025-06-01T00:00:00.000Z',
    });
    expect(await check()).toMatchObject({ type: 'annual', isActive: false });
  });

  it('an admin can always create', async () => {
    expect(await check(admin)).toEqual({ type: 'none', isActive: false, canCreateEvents: true });
  });

  it('refuses a signed-out caller', async () => {
    const err = await rejection((await browser(t.deps).call()).membership.check());
    expect(err).toEqual({ code: 'UNAUTHORIZED', message: M.auth.userNotAuthenticated });
  });
});

describe('creating an event spends the right (spec §4)', () => {
  const create = async (u = ada, o = {}) => (await u.call()).events.create(eventForm(o));

  it('without a membership: FORBIDDEN, nothing stored', async () => {
    expect(await rejection(create())).toEqual({ code: 'FORBIDDEN', message: M.membership.createForbidden });
    expect(await t.db.selectFrom('events').select('id').execute()).toEqual([]);
  });

  it('one pay-as-you-go credit pays for exactly one event', async () => {
    await giveMembership(t, ada.id, 'one_time');
    await create();
    expect(await credits(ada.id)).toEqual([{ is_active: 0 }]);
    expect(await check()).toEqual({ type: 'pay-as-you-go', isActive: false, canCreateEvents: false });
    expect(await rejection(create())).toEqual({ code: 'FORBIDDEN', message: M.membership.createForbidden });
    expect(await t.db.selectFrom('events').select('id').execute()).toHaveLength(1);
  });

  it('spends the oldest of several credits, one per event', async () => {
    await giveMembership(t, ada.id, 'one_time', { createdAt: '2026-01-01T00:00:00.000Z' });
    await giveMembership(t, ada.id, 'one_time', { createdAt: '2026-02-01T00:00:00.000Z' });
    await create();
    expect(await credits(ada.id)).toEqual([{ is_active: 0 }, { is_active: 1 }]);
    await create();
    expect(await credits(ada.id)).toEqual([{ is_active: 0 }, { is_active: 0 }]);
  });

  it('a refused create (past date) spends nothing', async () => {
    await giveMembership(t, ada.id, 'one_time');
    expect(await rejection(create(ada, { event_date: '2026-11-21' }))).toEqual({
      code: 'BAD_REQUEST',
      message: M.eventForm.datePast,
    });
    expect(await credits(ada.id)).toEqual([{ is_active: 1 }]);
  });

  it('an active annual plan creates without spending a credit', async () => {
    await giveMembership(t, ada.id, 'annual');
    await giveMembership(t, ada.id, 'one_time');
    await create();
    await create();
    expect((await credits(ada.id)).map((c) => c.is_active)).toEqual([1, 1]);
  });

  it('an expired annual plan is refused', async () => {
    await giveMembership(t, ada.id, 'annual', { expiresAt: '2026-11-22T11:59:59.000Z' });
    expect((await rejection(create())).code).toBe('FORBIDDEN');
  });

  it('an admin creates without a membership', async () => {
    await create(admin);
    await create(admin);
    expect(await t.db.selectFrom('events').select('id').where('user_id', '=', admin.id).execute()).toHaveLength(2);
  });

  it('editing is always allowed for the owner, with no right left', async () => {
    await giveMembership(t, ada.id, 'one_time');
    const event = await create();
    const updated = await (await ada.call()).events.update({ id: event.id, ...eventForm({ name: 'Renamed' }) });
    expect(updated.name).toBe('Renamed');
  });
});
