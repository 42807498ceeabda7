import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRPC_LIMITS } from '#shared/constants';
import { M } from '#shared/messages';
import { startTestServer, type TestServer } from '../helpers/server';

// Issue 6 item 5: one request cannot cost hundreds of password hashes. Real server, real HTTP.
let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.stop());

const reset = (i: number) => ({
  token: `invalid${i}`.padEnd(32, 'x'),
  password: 'N3w!Secret',
  confirm_password: 'N3w!Secret',
});

/** A raw tRPC batch of `n` auth.resetPassword calls in one POST. */
function resetBatch(n: number) {
  const paths = Array.from({ length: n }, () => 'auth.resetPassword').join(',');
  const input = Object.fromEntries(Array.from({ length: n }, (_, i) => [i, reset(i)]));
  return fetch(`${srv.url}/trpc/${paths}?batch=1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
}

describe('tRPC batches', () => {
  it('refuses a batch of 200 resetPassword calls with 400, before running any of them', async () => {
    const res = await resetBatch(200);
    expect(res.status).toBe(400);
    // one error for the whole request, not 200 answers (200 refused calls would also be a 400)
    const body = await res.json();
    expect(Array.isArray(body)).toBe(false);
    expect(body.error.data.code).toBe('BAD_REQUEST');
    const rows = await srv.deps.db.selectFrom('rate_limits').select('key').execute();
    expect(rows).toEqual([]); // not one call was counted, so none ran
  });

  it(`runs a batch of ${TRPC_LIMITS.MAX_BATCH}: each invalid token refused on its own`, async () => {
    const res = await resetBatch(TRPC_LIMITS.MAX_BATCH);
    const body = (await res.json()) as { error?: { message: string } }[];
    expect(body).toHaveLength(TRPC_LIMITS.MAX_BATCH);
    expect(body.every((r) => r.error?.message === M.verify.recoveryFailed)).toBe(true);
  });

  it('the client splits more calls than a batch holds into several requests', async () => {
    const { trpc, close } = srv.client();
    const results = await Promise.allSettled(
      Array.from({ length: TRPC_LIMITS.MAX_BATCH * 2 + 5 }, (_, i) => trpc.auth.resetPassword.mutate(reset(i))),
    );
    close();
    const messages = results.map((r) => (r.status === 'rejected' ? (r.reason as Error).message : 'ok'));
    expect(messages.every((m) => m === M.verify.recoveryFailed)).toBe(true);
  });
});
