import { TRPCError } from '@trpc/server';

/** Extra facts the client may show (remaining attempts, lockout minutes). Sent as `data.details`. */
export type ErrorDetails = { remainingAttempts?: number; retryAfterMinutes?: number };

export class DetailedError extends Error {
  constructor(
    message: string,
    readonly details: ErrorDetails,
  ) {
    super(message);
  }
}

const make =
  (code: TRPCError['code']) =>
  (message: string, details?: ErrorDetails): never => {
    throw new TRPCError({ code, message, cause: details ? new DetailedError(message, details) : undefined });
  };

/** Throw a TRPCError whose message is the spec's text: `fail.notFound(M.events.notFoundOrDenied)`. */
export const fail = {
  badRequest: make('BAD_REQUEST'),
  unauthorized: make('UNAUTHORIZED'),
  forbidden: make('FORBIDDEN'),
  notFound: make('NOT_FOUND'),
  conflict: make('CONFLICT'),
  tooManyRequests: make('TOO_MANY_REQUESTS'),
};
