import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AnyRouter, inferRouterContext } from '@trpc/server';
import { internal_exceptionHandler } from '@trpc/server/adapters/node-http';
import { resolveResponse } from '@trpc/server/unstable-core-do-not-import';
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from 'express';
import { answerJsonMutation, isJson, parsedOrNot, parseJson } from './json-mutation';
import { procedureType } from './procedure-type';

export type TrpcHttpOptions<TRouter extends AnyRouter> = {
  router: TRouter;
  createContext: (req: IncomingMessage, res: ServerResponse) => Promise<inferRouterContext<TRouter>>;
  maxBodySize: number;
  maxBatchSize: number;
};

/**
 * A reader of whole bodies, as announced, into one string. The chunks the socket brought are kept
 * until the last comes, then copied into this reader's own buffer (grown once to the largest body
 * read, never past the cap) and decoded from it in one go: a body's text is the only thing its read
 * leaves on the JavaScript heap, and no buffer is made per body beside the socket's own (each one
 * counts towards V8's external memory, which starts full collections: docs/decisions/0025-request-values-die-young.md).
 * Every listener goes when the body is read: a keep-alive connection holds its last request until the
 * next one comes, and the body must not be held with it. Rejects when the request ends short, runs
 * past its length or is aborted; a client that announces a megabyte and sends nothing holds nothing.
 */
export function createBodyReader() {
  let scratch = Buffer.alloc(0);
  return (req: IncomingMessage, length: number): Promise<string> =>
    new Promise((resolve, reject) => {
      let chunks: Buffer[] = [];
      let at = 0;
      const onData = (chunk: Buffer) => {
        at += chunk.length;
        // node:http never passes more than Content-Length; the bound on what is held is still this one
        if (at > length) return settle(new Error('request body longer than announced'));
        chunks.push(chunk);
      };
      const text = () => {
        if (chunks.length === 1) return chunks[0].toString('utf8');
        if (scratch.length < at) scratch = Buffer.allocUnsafe(at);
        let to = 0;
        for (const chunk of chunks) to += chunk.copy(scratch, to);
        return scratch.toString('utf8', 0, to);
      };
      const settle = (err?: Error) => {
        req.off('data', onData);
        req.off('end', onEnd);
        req.off('error', onError);
        req.off('aborted', onAborted);
        if (err) reject(err);
        else resolve(text());
        chunks = [];
      };
      const onEnd = () => settle(at === length ? undefined : new Error('request body ended early'));
      const onError = (err: Error) => settle(err);
      const onAborted = () => settle(new Error('request aborted'));
      req.on('data', onData);
      req.on('end', onEnd);
      req.on('error', onError);
      req.on('aborted', onAborted);
    });
}

/** tRPC answers in a stream (JSON Lines) when asked to, by either header: those go to the adapter. */
const wantsStream = (req: IncomingMessage) =>
  Boolean(req.headers['trpc-accept']) ||
  Boolean(req.headers.accept?.split(',').some((t) => t.trim() === 'application/jsonl'));

/** The (decoded) path of a mutation procedure, from the URL's last segment; undefined for anything else. */
function mutationAt(router: AnyRouter, segment: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(segment);
  } catch {
    return undefined; // tRPC's answer for it comes from resolveResponse
  }
  return procedureType(router, path) === 'mutation' ? path : undefined;
}

/**
 * Benchmarks B1/B2 (bench/README.md, decision 0011): tRPC calls POSTed as JSON with a Content-Length
 * within the cap (every mutation the browser makes) are read in one piece and parsed with one
 * JSON.parse, instead of through the adapter's web stream and the Fetch body reader: ~0.2 ms less for a
 * join's 130 KB. One mutation (not a batch) is then answered by `answerJsonMutation`; anything else
 * taken here by tRPC itself (`resolveResponse`, as its Node adapter does), its Response written as the
 * adapter writes it. Anything else (GET, another type, no length, over the cap, a streamed answer
 * asked for with `trpc-accept` or `Accept: application/jsonl`) goes on to the adapter unchanged.
 */
export function trpcJsonPosts<TRouter extends AnyRouter>(opts: TrpcHttpOptions<TRouter>) {
  const readText = createBodyReader();
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    const length = Number(req.headers['content-length']);
    if (
      req.method !== 'POST' ||
      !req.headers['content-type']?.startsWith('application/json') ||
      wantsStream(req) ||
      !Number.isSafeInteger(length) ||
      length > opts.maxBodySize
    ) {
      next();
      return;
    }
    let abort: (() => void) | undefined;
    try {
      let body: string | undefined = await readText(req, length);
      const url = new URL(req.originalUrl, 'http://localhost');
      const path = req.path.slice(req.path.lastIndexOf('/') + 1);
      const single = url.searchParams.get('batch') !== '1' ? mutationAt(opts.router, path) : undefined;
      const input = single ? parsedOrNot(body) : undefined;
      if (single && isJson(input)) {
        body = undefined; // the text goes before the call runs: only its parse is needed now
        await answerJsonMutation(opts, req, res, single, input);
        return;
      }
      const ac = new AbortController();
      abort = () => ac.abort();
      res.once('close', abort);
      const headers = new Headers();
      for (const [key, value] of Object.entries(req.headers)) {
        if (Array.isArray(value)) for (const item of value) headers.append(key, item);
        else if (value != null) headers.append(key, value);
      }
      const request = new Request(url, { method: 'POST', headers });
      // The call's signal (aborted when the client goes) is given as the request's own, not through the
      // constructor: undici would follow it with a listener, a WeakRef and a FinalizationRegistry entry,
      // which only a full collection frees (docs/decisions/0025-request-values-die-young.md).
      Object.defineProperty(request, 'signal', { value: ac.signal });
      // tRPC reads a JSON body with `req.json()` and nothing else; the text is let go once parsed
      let parsed: unknown;
      Object.defineProperty(request, 'json', {
        value: async () => {
          if (body !== undefined) {
            parsed = parseJson(body);
            body = undefined;
          }
          return parsed;
        },
      });
      const response = await resolveResponse({
        router: opts.router,
        req: request,
        path,
        error: null,
        maxBatchSize: opts.maxBatchSize,
        createContext: () => opts.createContext(req, res),
      });
      if (res.statusCode === 200) res.statusCode = response.status;
      for (const [key, value] of response.headers) if (key.toLowerCase() !== 'set-cookie') res.setHeader(key, value);
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) res.setHeader('set-cookie', cookies);
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (cause) {
      internal_exceptionHandler({
        req,
        res,
        router: opts.router,
        path: req.path,
        createContext: ({ req: r, res: s }) => opts.createContext(r, s),
      } as Parameters<typeof internal_exceptionHandler<TRouter, ExpressRequest, ExpressResponse>>[0])(cause);
    } finally {
      if (abort) res.off('close', abort);
    }
  };
}
