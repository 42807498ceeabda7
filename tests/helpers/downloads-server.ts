import { TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, expect } from 'vitest';
import { fixedClock } from '#server/lib/clock';
import { PAYMENTS } from '#shared/constants';
import { startTestServer, type TestServer } from './server';

// The download tests' shared world: one real server per test file on a fixed clock, with the built-in
// test checkout as the payment provider, and a client calling it over real HTTP. The bindings below are
// live (ES modules): they hold this file's server once its beforeAll has run.

export let server: TestServer;
export let client: ReturnType<TestServer['client']>;
export const clock = fixedClock('2026-11-22T12:00:00.000Z');

/** Registers the hooks that start and stop the server; call once at the top of a test file. */
export function withDownloadsServer() {
  beforeAll(async () => {
    server = await startTestServer({ overrides: { clock } });
    client = server.client();
  });
  afterAll(async () => {
    client.close();
    await server.stop();
  });
}

export const dl = () => client.trpc.downloads;

/** The message and code of a call the server refused (fails the test when the call succeeded). */
export async function refusal(p: Promise<unknown>) {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TRPCClientError);
  const e = err as TRPCClientError<never>;
  return { message: e.message, code: (e.data as { code?: string } | undefined)?.code };
}

/** Pays a test checkout as the payer would on its page; returns the session id the success URL carries. */
export async function payOnTestCheckout(url: string) {
  const id = decodeURIComponent(new URL(url).pathname.slice(PAYMENTS.TEST_CHECKOUT_PATH.length + 1));
  const { redirectUrl } = await client.trpc.payments.testCheckout.pay.mutate({ id });
  const back = new URL(redirectUrl);
  return { id, back, sessionId: back.searchParams.get('session_id') ?? '' };
}
