import type { IncomingMessage, ServerResponse } from 'node:http';
import { type AnyRouter, TRPCError } from '@trpc/server';
import {
  callProcedure,
  getErrorShape,
  getHTTPStatusCode,
  getTRPCErrorFromUnknown,
  transformTRPCResponse,
} from '@trpc/server/unstable-core-do-not-import';
import type { TrpcHttpOptions } from './trpc-json-posts';

/** JSON text as `Request.json()` reads it: a leading byte order mark dropped. */
export const parseJson = (text: string) => JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isPromise = (v: unknown) => isObject(v) && typeof v.then === 'function';
const isAsyncIterable = (v: unknown) =>
  isObject(v) && typeof (v as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === 'function';
/** tRPC's `isDataStream`: an answer its JSON response cannot carry (it needs the streaming link). */
const isDataStream = (v: unknown) =>
  isObject(v) && (isAsyncIterable(v) || Object.values(v).some((x) => isPromise(x) || isAsyncIterable(x)));

const NOT_JSON = Symbol('not JSON');
/** The parsed text, or NOT_JSON. */
export function parsedOrNot(text: string): unknown {
  try {
    return parseJson(text);
  } catch {
    return NOT_JSON;
  }
}
export const isJson = (parsed: unknown) => parsed !== NOT_JSON;

/**
 * One mutation POSTed as JSON (not a batch), answered as tRPC's `resolveResponse` answers it, byte for
 * byte (`tests/integration/trpc-json-posts.test.ts` compares the two): the procedure run through
 * tRPC's own `callProcedure` (its middlewares, input parser and error mapping), then
 * `{"result":{"data":…}}` or `{"error":<the error formatter's shape>}` with tRPC's status for it and its
 * two headers. Why not `resolveResponse` itself: for each call it makes a Fetch `Request` and
 * `Response` and four `AbortSignal`s, which outlive young collections by themselves (~7 KB of a join's
 * ~21 KB promoted in B2's rush: docs/decisions/0025-request-values-die-young.md). No procedure reads
 * the call's signal; a mutation posted this way gets none, and runs to its end if the client goes.
 * `input` is the body already parsed (`parsedOrNot`), so that the caller lets the body's text go
 * before the call runs: text that is not JSON is left to `resolveResponse`.
 */
export async function answerJsonMutation<TRouter extends AnyRouter>(
  opts: TrpcHttpOptions<TRouter>,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  input: unknown,
): Promise<void> {
  const config = opts.router._def._config;
  let ctx: Awaited<ReturnType<typeof opts.createContext>> | undefined;
  let answer: { result: { data: unknown } } | { error: unknown };
  let errorPath: string | undefined = path;
  try {
    try {
      ctx = await opts.createContext(req, res);
    } catch (cause) {
      throw getTRPCErrorFromUnknown(cause);
    }
    const data = await callProcedure({
      router: opts.router,
      path,
      getRawInput: async () => input,
      ctx,
      type: 'mutation',
      signal: undefined,
      batchIndex: 0,
    });
    if (isDataStream(data)) {
      errorPath = undefined; // tRPC throws this one past the call, where no path is known
      throw new TRPCError({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Cannot use stream-like response in non-streaming request - use httpBatchStreamLink',
      });
    }
    answer = { result: { data } };
  } catch (cause) {
    const error = getTRPCErrorFromUnknown(cause);
    answer = {
      error: getErrorShape({ config, ctx, error, input, path: errorPath, type: 'mutation' }),
    };
  }
  if (res.statusCode === 200) res.statusCode = getHTTPStatusCode([answer] as never);
  res.setHeader('vary', 'trpc-accept, accept');
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(transformTRPCResponse(config, answer as never)));
}
