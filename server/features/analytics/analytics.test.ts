import { describe, expect, it } from 'vitest';
import { PAGE_VIEWS } from '#shared/constants';
import { browser, makeTestDeps, signedInUser, T0 } from '../../../tests/helpers/test-deps';
import { jobs } from '../../jobs/scheduler';
import { fixedClock } from '../../lib/clock';
import { clientKey, createPageViewLimiter } from './page-view-limiter';
import { deletePageViewsBefore } from './page-views.repo';

const DAY_MS = 24 * 3600_000;
const views = (t: Awaited<ReturnType<typeof makeTestDeps>>) =>
  t.db.selectFrom('page_views').select(['path', 'referrer', 'user_id', 'ip_anonymized', 'created_at']).execute();

describe('analytics.pageView limits (anonymous writes are bounded)', () => {
  it(`stores ${PAGE_VIEWS.PER_IP_PER_WINDOW} views a minute from one IP, answers ok to the rest and stores none of them`, async () => {
    const t = await makeTestDeps();
    const flood = await browser(t.deps, '198.51.100.9').call();
    const long = `/${'p'.repeat(1999)}`; // 2 KB: within the hard URL maximum, so accepted
    for (let i = 0; i < 1000; i++)
      expect(await flood.analytics.pageView({ path: long, referrer: long })).toEqual({ ok: true });
    const rows = await views(t);
    expect(rows).toHaveLength(PAGE_VIEWS.PER_IP_PER_WINDOW);
    expect(rows[0].path).toHaveLength(PAGE_VIEWS.PATH_MAX);
    expect(rows[0].referrer).toHaveLength(PAGE_VIEWS.REFERRER_MAX);

    // another client in the same minute still counts, and so does the flooder in the next minute
    await (await browser(t.deps, '198.51.100.10').call()).analytics.pageView({ path: '/events' });
    expect(await views(t)).toHaveLength(PAGE_VIEWS.PER_IP_PER_WINDOW + 1);
    t.clock.advance(PAGE_VIEWS.WINDOW_MS);
    await flood.analytics.pageView({ path: '/auth' });
    expect((await views(t)).at(-1)).toMatchObject({ path: '/auth', ip_anonymized: '198.51.100.0' });
  });

  it(`stores ${PAGE_VIEWS.PER_USER_PER_WINDOW} views a minute from one signed-in user, whatever the IP`, async () => {
    const t = await makeTestDeps();
    const { b, user } = await signedInUser(t, { email: 'ada@example.com' });
    const other = browser(t.deps, '192.0.2.50');
    other.setCookie(b.cookie());
    const [here, there] = [await b.call(), await other.call()];
    for (let i = 0; i < PAGE_VIEWS.PER_USER_PER_WINDOW; i++)
      await (i % 2 ? here : there).analytics.pageView({ path: '/a' });
    expect(await here.analytics.pageView({ path: '/dropped' })).toEqual({ ok: true });
    expect(await there.analytics.pageView({ path: '/dropped' })).toEqual({ ok: true });
    const rows = await views(t);
    expect(rows).toHaveLength(PAGE_VIEWS.PER_USER_PER_WINDOW);
    expect(new Set(rows.map((r) => r.user_id))).toEqual(new Set([user.id]));
  });
});

describe('analytics.pageView never stores a test checkout id (it lets its holder pay or cancel)', () => {
  it('stores /test-checkout/{id} as /test-checkout, in the path and in a referrer path or URL', async () => {
    const t = await makeTestDeps();
    const api = (await browser(t.deps, '198.51.100.9').call()).analytics;
    const id = 'cs_roomlist_test_ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
    await api.pageView({ path: `/test-checkout/${id}`, referrer: 'https://example.com/e/1' });
    await api.pageView({ path: '/membership', referrer: `/test-checkout/${id}` });
    await api.pageView({
      path: '/Test-Checkout/other/',
      referrer: `https://rooms.example.com/test-checkout/${id}?x=1`,
    });
    await api.pageView({ path: '/test-checkouts/kept', referrer: `/events/${id}` });
    expect((await views(t)).map((r) => [r.path, r.referrer])).toEqual([
      ['/test-checkout', 'https://example.com/e/1'],
      ['/membership', '/test-checkout'],
      ['/test-checkout', 'https://rooms.example.com/test-checkout?x=1'],
      ['/test-checkouts/kept', `/events/${id}`],
    ]);
  });
});

describe('page-view limiter (in memory, bounded)', () => {
  it('forgets every counter when the window turns, and tracks at most maxClients keys', () => {
    const clock = fixedClock(T0);
    const l = createPageViewLimiter(clock, { perIp: 2, maxClients: 3 });
    const from = (ip: string) => l.allow({ ip, userId: null });
    expect([from('10.0.0.1'), from('10.0.0.1'), from('10.0.0.1')]).toEqual([true, true, false]);
    expect([from('10.0.0.2'), from('10.0.0.3'), from('10.0.0.4')]).toEqual([true, true, false]);
    expect(l.trackedClients()).toBe(3);
    clock.advance(PAGE_VIEWS.WINDOW_MS);
    expect(from('10.0.0.4')).toBe(true);
    expect(l.trackedClients()).toBe(1);
  });

  it('caps all clients together, and counts nothing for a dropped view', () => {
    const clock = fixedClock(T0);
    const l = createPageViewLimiter(clock, { all: 3, perUser: 1 });
    expect(l.allow({ ip: '10.0.0.1', userId: 'u1' })).toBe(true);
    expect(l.allow({ ip: '10.0.0.1', userId: 'u1' })).toBe(false); // the user's cap; the IP is not charged
    expect([l.allow({ ip: '10.0.0.1', userId: null }), l.allow({ ip: '10.0.0.2', userId: null })]).toEqual([
      true,
      true,
    ]);
    expect(l.allow({ ip: '10.0.0.3', userId: null })).toBe(false);
  });

  it('counts an IPv6 /64 as one client, and an IPv4-mapped address as its IPv4', () => {
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe(clientKey('2001:0db8:0001:0002:ffff:1:2:3'));
    expect(clientKey('2001:db8:1:2::1')).not.toBe(clientKey('2001:db8:1:3::1'));
    expect(clientKey('::ffff:203.0.113.7')).toBe(clientKey('203.0.113.7'));
    expect(clientKey(null)).toBe('ip:unknown');
  });
});

describe('page-view-retention job (kept 90 days)', () => {
  const job = jobs.find((j) => j.name === 'page-view-retention')!;
  const at = (daysAgo: number, now: Date) => new Date(now.getTime() - daysAgo * DAY_MS).toISOString();

  it('deletes views older than 90 days and keeps the rest (the 30-day chart and more)', async () => {
    const t = await makeTestDeps();
    const now = t.clock.now();
    const rows = [91, 89, 30, 0].map((d) => ({ path: `/${d}`, created_at: at(d, now) }));
    await t.db.insertInto('page_views').values(rows).execute();
    await job.run(t.deps);
    expect((await views(t)).map((v) => v.path)).toEqual(['/89', '/30', '/0']);
    t.clock.advance(2 * DAY_MS);
    await job.run(t.deps);
    expect((await views(t)).map((v) => v.path)).toEqual(['/30', '/0']);
    expect(job.everyMs).toBe(PAGE_VIEWS.PRUNE_EVERY_MS);
  });

  it('deletes a backlog in batches until none is left', async () => {
    const t = await makeTestDeps();
    const old = at(100, t.clock.now());
    await t.db
      .insertInto('page_views')
      .values(Array.from({ length: 12 }, (_, i) => ({ path: `/${i}`, created_at: old })))
      .execute();
    await t.db.insertInto('page_views').values({ path: '/new', created_at: t.clock.now().toISOString() }).execute();
    expect(await deletePageViewsBefore(t.db, at(90, t.clock.now()), 5)).toBe(12);
    expect((await views(t)).map((v) => v.path)).toEqual(['/new']);
  });
});
