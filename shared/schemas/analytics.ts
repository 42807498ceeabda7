import { z } from 'zod';
import { clip } from '../clip';
import { LIMITS, PAGE_VIEWS } from '../constants';

export { clip };

// A real long URL is cut to the stored length rather than refused, so a page view never errors in the
// browser; beyond the hard URL maximum the request is not a page view and is refused.
/** spec §2 guards: page views are tracked on every route change. */
export const pageViewSchema = z.object({
  path: z
    .string()
    .startsWith('/')
    .max(LIMITS.URL_MAX)
    .transform((v) => clip(v, PAGE_VIEWS.PATH_MAX)),
  referrer: z
    .string()
    .max(LIMITS.URL_MAX)
    .transform((v) => clip(v, PAGE_VIEWS.REFERRER_MAX))
    .optional(),
});
export type PageViewInput = z.input<typeof pageViewSchema>;
