import { createTheme } from '@mantine/core';

/** The one Mantine theme: the app's provider and the served first paint of /register (client/prerender/). */
export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  cursorType: 'pointer',
});

/** The provider's settings beside the theme, the same in both places. */
export const PROVIDER_PROPS = { theme, defaultColorScheme: 'light', deduplicateCssVariables: false } as const;
