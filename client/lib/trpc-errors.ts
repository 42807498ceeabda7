import { TRPCClientError } from '@trpc/client';
import type { AppRouter } from '#server/trpc/router';
import { M } from '#shared/messages';

/** The `data` the server's errorFormatter sends, as the router's type declares it. */
type ErrorData = Partial<NonNullable<TRPCClientError<AppRouter>['data']>>;

/** The server's errorFormatter puts code, zod field errors and lockout details under `data`. */
export function errorData(error: unknown): ErrorData {
  if (error instanceof TRPCClientError) return (error as TRPCClientError<AppRouter>).data ?? {};
  return {};
}

export const errorCode = (error: unknown) => errorData(error).code;

/** The text to show: the server already sends the spec's wording; anything else becomes the generic one. */
export function errorMessage(error: unknown): string {
  if (error instanceof TRPCClientError && error.message) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return M.common.unexpected;
}

/** First message per field, ready for form.setErrors. */
export function fieldErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errorData(error).fieldErrors ?? {})) {
    if (messages?.[0]) out[field] = messages[0];
  }
  return out;
}
