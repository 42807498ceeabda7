import { initTRPC, type TRPCError } from '@trpc/server';
import { type ZodError, z } from 'zod';
import { M } from '#shared/messages';
import { AppError, fail, toTRPCError } from '../lib/errors';
import type { Context } from './context';

const t = initTRPC.context<Context>().create({
  isDev: false,
  // subscriptions over HTTP are refused before tRPC (server/http/trpc-http.ts); this is the second lock
  sse: { enabled: false },
  errorFormatter({ shape, error, ctx }) {
    if (error.code === 'INTERNAL_SERVER_ERROR') {
      ctx?.deps.log.error({ err: error.cause ?? error, path: shape.data.path }, 'unexpected error');
    }
    const zod = isZodError(error.cause) ? error.cause : undefined;
    return {
      message: userMessage(error),
      code: shape.code,
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        path: shape.data.path,
        fieldErrors: zod ? (z.flattenError(zod).fieldErrors as Record<string, string[] | undefined>) : undefined,
        details: error.cause instanceof AppError ? error.cause.details : undefined,
      },
    };
  },
});

function isZodError(e: unknown): e is ZodError {
  return typeof e === 'object' && e !== null && Array.isArray((e as ZodError).issues);
}

/** What the client is told: the spec's text, zod's messages joined, or "Unexpected error occurred". */
export function userMessage(error: TRPCError): string {
  if (error.code === 'INTERNAL_SERVER_ERROR') return M.common.unexpected;
  // tRPC wraps the input parser's error; its cause carries zod's issues.
  if (isZodError(error.cause)) return error.cause.issues.map((i) => i.message).join(', ');
  return error.message;
}

export const router = t.router;
export const mergeRouters = t.mergeRouters;
export const createCallerFactory = t.createCallerFactory;
/** Domain errors (AppError) become tRPC errors here, for calls and for errors thrown inside a subscription. */
const mapDomainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    if (result.error.cause instanceof AppError) throw toTRPCError(result.error.cause);
    return result;
  }
  if (isAsyncIterable(result.data)) return { ...result, data: mapIterableErrors(result.data) };
  return result;
});

const isAsyncIterable = (v: unknown): v is AsyncIterable<unknown> =>
  typeof (v as AsyncIterable<unknown> | null)?.[Symbol.asyncIterator] === 'function';

async function* mapIterableErrors<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  try {
    yield* source;
  } catch (err) {
    throw toTRPCError(err);
  }
}

/**
 * A WebSocket's context is a snapshot taken at connect: each call over it reads the session again, so
 * after sign-out, a password reset or expiry no call acts as that user (and roles are current).
 */
const currentSession = t.middleware(async ({ ctx, next }) => {
  if (!ctx.recheckSession) return next();
  const auth = await ctx.recheckSession();
  return next({ ctx: { user: auth?.user ?? null, sessionId: auth?.sessionId ?? null } });
});

export const publicProcedure = t.procedure.use(mapDomainErrors).use(currentSession);

/** A procedure for signed-in users; the signed-out caller gets UNAUTHORIZED with `message`. */
export const authedWith = (message: string) =>
  publicProcedure.use(({ ctx, next }) => {
    if (!ctx.user) return fail.unauthorized(message);
    return next({ ctx: { ...ctx, user: ctx.user } });
  });

export const authedProcedure = authedWith(M.auth.userNotAuthenticated);

export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!ctx.user.roles.includes('admin')) return fail.forbidden(M.guards.adminOnly);
  return next();
});
