import { TRPCError } from '@trpc/server';

/** Extra facts the client may show (remaining attempts, lockout minutes). Sent as `data.details`. */
export type ErrorDetails = { remainingAttempts?: number; retryAfterMinutes?: number };

export type ErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'TOO_MANY_REQUESTS'
  | 'SERVICE_UNAVAILABLE';

/**
 * A refusal the user should read: `message` is the spec's text. Services, jobs and webhooks throw it
 * without knowing about tRPC; `toTRPCError` is the one place it becomes a tRPC error.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetails,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

const make =
  (code: ErrorCode) =>
  (message: string, details?: ErrorDetails): never => {
    throw new AppError(code, message, details);
  };

/** Throw an AppError whose message is the spec's text: `fail.notFound(M.events.notFoundOrDenied)`. */
export const fail = {
  badRequest: make('BAD_REQUEST'),
  unauthorized: make('UNAUTHORIZED'),
  forbidden: make('FORBIDDEN'),
  notFound: make('NOT_FOUND'),
  conflict: make('CONFLICT'),
  tooManyRequests: make('TOO_MANY_REQUESTS'),
  /** An outside service (the payment provider) could not do its part; nothing was created. */
  unavailable: make('SERVICE_UNAVAILABLE'),
};

/** The one mapping of domain errors to tRPC: same code, same message, the AppError kept as cause. */
export function toTRPCError(err: unknown): unknown {
  if (err instanceof AppError) return new TRPCError({ code: err.code, message: err.message, cause: err });
  return err;
}
