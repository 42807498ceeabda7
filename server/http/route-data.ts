import type { Request, Response } from 'express';
import type { Deps } from '../deps';
import { createContext } from '../trpc/context';
import { appRouter } from '../trpc/router';
import { createCallerFactory } from '../trpc/trpc';

/**
 * One answer the page would ask for first, as the procedure gives it (same input and output schemas).
 * client/lib/route-data.ts puts it in the query cache; it only knows these procedures.
 */
export type RouteDataEntry =
  | { path: 'registrations.event'; input: { eventId: string }; data: unknown }
  | { path: 'system.publicConfig'; data: unknown };

export type RouteData = (req: Request, res: Response) => Promise<RouteDataEntry[] | undefined>;

const REGISTER = /^\/register\/([^/]+)\/?$/;
const createCaller = createCallerFactory(appRouter);

/**
 * issue 8 B7: /register/{id} carries the event and the public configuration in its HTML, so the join
 * page renders with its first script run instead of asking for them after its code has arrived (one
 * round trip less on the way to its largest paint). The answers come from the procedures themselves,
 * as this visitor would get them. A missing event, a bad id or any failure puts nothing in the page:
 * it then asks as before and shows its own message.
 */
export function routeData(deps: Deps): RouteData {
  return async (req, res) => {
    const m = REGISTER.exec(req.path);
    if (!m) return undefined;
    let eventId: string;
    try {
      eventId = decodeURIComponent(m[1]);
    } catch {
      return undefined;
    }
    try {
      const api = createCaller(await createContext(deps, req, res));
      const [event, config] = await Promise.all([api.registrations.event({ eventId }), api.system.publicConfig()]);
      return [
        { path: 'registrations.event', input: { eventId }, data: event },
        { path: 'system.publicConfig', data: config },
      ];
    } catch {
      return undefined;
    }
  };
}

const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;

/**
 * JSON for a `<script type="application/json">`: `<`, `>` and `&` as \u escapes, so no `</script>` or
 * `<!--` in a value can end the element or change how it parses, and U+2028/U+2029 likewise (they end a
 * line in older JavaScript). JSON.parse reads the escapes back as the same characters.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(UNSAFE_IN_SCRIPT, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
