import { TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { startTestServer, type TestServer } from '../helpers/server';

// spec §6 administrator: "Server-side enforcement is not shown" in the spec; here every admin procedure
// checks the role on the server, over real HTTP, whichever way it is called.

let server: TestServer;
let admin: Awaited<ReturnType<TestServer['signedIn']>>;
let organiser: Awaited<ReturnType<TestServer['signedIn']>>;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signedIn('admin@example.com'); // the first account made is the admin
  organiser = await server.signedIn('ada@example.com');
});
afterAll(async () => {
  admin.close();
  organiser.close();
  await server.stop();
});

const PROCEDURES = ['overview', 'revenueByEvent', 'pageViews'] as const;

async function refusal(p: Promise<unknown>) {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TRPCClientError);
  const e = err as Error & { data?: { code?: string; httpStatus?: number } };
  return { code: e.data?.code, status: e.data?.httpStatus, message: e.message };
}

describe('admin procedures over HTTP', () => {
  it.each(PROCEDURES)('admin.%s refuses an organiser with FORBIDDEN', async (name) => {
    expect(await refusal(organiser.trpc.admin[name].query())).toEqual({
      code: 'FORBIDDEN',
      status: 403,
      message: M.guards.adminOnly,
    });
  });

  it.each(PROCEDURES)('admin.%s refuses a signed-out caller with UNAUTHORIZED', async (name) => {
    const anon = server.client();
    expect(await refusal(anon.trpc.admin[name].query())).toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
    anon.close();
  });

  it('refuses a hand-made GET with the organiser cookie, and answers the same GET with the admin cookie', async () => {
    const get = (cookie: string) => fetch(`${server.url}/trpc/admin.overview`, { headers: { cookie } });
    const refused = await get(organiser.cookie());
    expect(refused.status).toBe(403);
    expect(JSON.stringify(await refused.json())).not.toContain('totalRevenue');
    const ok = await get(admin.cookie());
    expect(ok.status).toBe(200);
    expect((await ok.json()).result.data.platform.totalUsers).toBe(2);
  });

  it('answers the administrator on every procedure', async () => {
    const overview = await admin.trpc.admin.overview.query();
    expect(overview.platform).toMatchObject({ totalUsers: 2, totalEvents: 0 });
    expect(await admin.trpc.admin.revenueByEvent.query()).toEqual([]);
    const views = await admin.trpc.admin.pageViews.query();
    expect(views.days).toHaveLength(30);
  });
});
