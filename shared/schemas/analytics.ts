import { z } from 'zod';
import { clip } from '../clip';
import { LIMITS, PAGE_VIEWS, PAYMENTS } from '../constants';

export { clip };

// A test checkout's id lets whoever holds it pay or cancel it, so it must not reach page_views (and from
// there the admin's top pages): the page is stored as its bare path, in a path or in a full referrer URL.
const TEST_CHECKOUT_PAGE = new RegExp(`^((?:[a-z][a-z0-9+.-]*://[^/?#]*)?)${PAYMENTS.TEST_CHECKOUT_PATH}/[^?#]*`, 'i');
const withoutCheckoutId = (v: string) => v.replace(TEST_CHECKOUT_PAGE, `$1${PAYMENTS.TEST_CHECKOUT_PATH}`);

// A real long URL is cut to the stored length rather than refused, so a page view never errors in the
// browser; beyond the hard URL maximum the request is not a page view and is refused.
/** spec §2 guards: page views are tracked on every route change. */
export const pageViewSchema = z.object({
  path: z
    .string()
    .startsWith('/')
    .max(LIMITS.URL_MAX)
    .transform((v) => clip(withoutCheckoutId(v), PAGE_VIEWS.PATH_MAX)),
  referrer: z
    .string()
    .max(LIMITS.URL_MAX)
    .transform((v) => clip(withoutCheckoutId(v), PAGE_VIEWS.REFERRER_MAX))
    .optional(),
});
export type PageViewInput = z.input<typeof pageViewSchema>;
