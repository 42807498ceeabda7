import { LINKEDIN } from '#shared/constants';
import { M } from '#shared/messages';
import { linkedinAuthorizeSchema, linkedinExchangeSchema, linkedinProfileSchema } from '#shared/schemas/linkedin';
import type { LinkedInSettings } from '../../config';
import type { Deps } from '../../deps';
import { fail } from '../../lib/errors';
import { publicProcedure, router } from '../../trpc/trpc';
import { createRateLimiter } from '../auth/rate-limit';
import { importProfile, LinkedInError } from './linkedin';

/** The import exists only with LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET set (spec §2 "optional"). */
const settingsOf = (deps: Deps): LinkedInSettings =>
  deps.config.linkedin ?? fail.notFound(M.linkedin.importFailedTitle);

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * The popup must have come back to one of our own callback pages: BASE_URL when it is set, else the
 * host the browser used (as the same-origin guard reads it). The server exchanges no code for another site.
 */
function isOwnCallback(redirectUri: string, baseUrl: string | undefined, host: string | null): boolean {
  let u: URL;
  try {
    u = new URL(redirectUri);
  } catch {
    return false;
  }
  const allowed = baseUrl ? [originOf(baseUrl)] : host ? [`http://${host}`, `https://${host}`] : [];
  return (
    allowed.includes(u.origin) &&
    (LINKEDIN.CALLBACK_PATHS as readonly string[]).includes(u.pathname) &&
    !u.search &&
    !u.hash
  );
}

/** spec §7 LinkedIn and linkedin-auth, §4 LinkedIn import. */
export const linkedinRouter = router({
  /** What the browser needs to open the popup; it adds its own redirect URI and state. */
  authorization: publicProcedure.output(linkedinAuthorizeSchema).query(({ ctx }) => {
    const s = settingsOf(ctx.deps);
    return { authUrl: s.authUrl, clientId: s.clientId, scope: LINKEDIN.SCOPES.join(' ') };
  }),

  exchange: publicProcedure
    .input(linkedinExchangeSchema)
    .output(linkedinProfileSchema)
    .mutation(async ({ ctx, input }) => {
      const s = settingsOf(ctx.deps);
      await createRateLimiter(ctx.deps.db, ctx.deps.clock, LINKEDIN.EXCHANGE_RATE_LIMIT).enforce([
        `linkedin:ip:${ctx.ip ?? 'unknown'}`,
      ]);
      if (!isOwnCallback(input.redirectUri, ctx.deps.config.baseUrl, ctx.host)) {
        return fail.badRequest(M.linkedin.importFailedTitle);
      }
      try {
        return await importProfile(s, ctx.deps.log, ctx.deps.images.processPhoto, input);
      } catch (err) {
        if (!(err instanceof LinkedInError)) throw err;
        // The reason (a status, a timeout) is for the operator; the person sees the spec's text.
        ctx.deps.log.warn({ reason: err.message }, 'linkedin import failed');
        return fail.badRequest(M.linkedin.importFailedTitle);
      }
    }),
});
