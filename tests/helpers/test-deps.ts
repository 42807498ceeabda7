import type { IncomingMessage, ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { TRPCError } from '@trpc/server';
import { expect } from 'vitest';
import { loadConfig } from '#server/config';
import { createDeps, type Deps } from '#server/deps';
import type { Mail, Mailer } from '#server/features/email/mailer';
import type { PaymentGateway } from '#server/features/payments/gateway';
import { fixedClock } from '#server/lib/clock';
import { createLog } from '#server/lib/log';
import { createContext } from '#server/trpc/context';
import { appRouter } from '#server/trpc/router';
import { createCallerFactory, userMessage } from '#server/trpc/trpc';
import { openTestDb } from './test-db';

export const T0 = '2026-11-22T12:00:00.000Z';

export function memoryMailer() {
  const sent: Mail[] = [];
  const mailer: Mailer = { mode: 'outbox', send: async (m) => void sent.push(m) };
  return { mailer, sent, lastLink: (to: string) => [...sent].reverse().find((m) => m.to === to)?.link };
}

/**
 * A fresh database (in-memory SQLite, or PostgreSQL under `npm run test:pg`) with the real migrations, a
 * fixed clock and a mailer that keeps messages. TIME_ZONE is UTC unless `env` says otherwise, whatever
 * the machine's zone.
 */
export async function makeTestDeps(
  env: Record<string, string> = {},
  overrides: Partial<{ payments: PaymentGateway }> = {},
) {
  const db = await openTestDb();
  const clock = fixedClock(T0);
  const mail = memoryMailer();
  const config = loadConfig({
    DATA_DIR: path.join(os.tmpdir(), 'roomlist-unused'),
    LOG_LEVEL: 'silent',
    TIME_ZONE: 'UTC',
    ...env,
  });
  const deps = createDeps({ config, db, log: createLog('silent') }, { clock, mailer: mail.mailer, ...overrides });
  return { deps, db, clock, mail };
}

const createCaller = createCallerFactory(appRouter);

/**
 * A caller that behaves like one browser: it keeps the session cookie the server sets, from a given IP.
 * Goes through the real createContext, so cookie parsing and session validation are exercised.
 */
export function browser(deps: Deps, ip = '203.0.113.7') {
  let cookie = '';
  const call = async () => {
    const req = {
      headers: { cookie, host: 'localhost:3000' },
      socket: { remoteAddress: ip },
    } as unknown as IncomingMessage;
    const res = {
      appendHeader: (_name: string, value: string) => {
        const [pair] = value.split(';');
        cookie = pair.endsWith('=') ? '' : pair;
      },
    } as unknown as ServerResponse;
    return createCaller(await createContext(deps, req, res));
  };
  return {
    call,
    cookie: () => cookie,
    setCookie: (c: string) => {
      cookie = c;
    },
  };
}

/** Signs up, confirms through the mailed link and signs in; returns the signed-in browser. */
export async function signedInUser(
  t: Awaited<ReturnType<typeof makeTestDeps>>,
  who: { email: string; first_name?: string; password?: string },
  ip?: string,
) {
  const b = browser(t.deps, ip);
  const password = who.password ?? 'Str0ng!Pass';
  await (await b.call()).auth.signUp({
    first_name: who.first_name ?? 'Test',
    last_name: 'User',
    email: who.email,
    password,
    confirm_password: password,
  });
  const token = new URL(t.mail.lastLink(who.email)!).searchParams.get('token')!;
  await (await b.call()).auth.verify({ token, type: 'signup' });
  const user = await (await b.call()).auth.signIn({ email: who.email, password });
  return { b, user, password };
}

/** Awaits a call that must fail; returns the TRPCError with the message the client would see. */
export async function rejection(p: Promise<unknown>) {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TRPCError);
  const e = err as TRPCError & { cause?: { details?: Record<string, number> } };
  return Object.assign(e, { message: userMessage(e) });
}

/** The token of a mailed /auth link. */
export const tokenOf = (link: string | undefined) => new URL(link!).searchParams.get('token')!;

/** A valid sign-up form. */
export const signUpForm = (email: string, password = 'Str0ng!Pass') => ({
  first_name: 'Ada',
  last_name: 'Lovelace',
  email,
  password,
  confirm_password: password,
});
