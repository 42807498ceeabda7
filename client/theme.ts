import { type CSSVariablesResolver, createTheme } from '@mantine/core';

/** The one Mantine theme: the app's provider and the served first paint of /register (client/prerender/). */
export const theme = createTheme({
  primaryColor: 'indigo',
  // WCAG AA (4.5:1 for text): shade 6 of indigo gives 4.32:1 with white; 7 gives 4.98:1. Every colour's
  // filled and light variants follow this shade.
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  cursorType: 'pointer',
});

/**
 * Text at WCAG AA (4.5:1), where Mantine's light-scheme shades fall short (axe-core checks every page:
 * tests/e2e/accessibility.e2e.test.ts):
 * - secondary text: the dimmed grey #868e96 gives 3.32:1 on white, the placeholder grey #adb5bd 2.07:1;
 *   these give 5.8:1 and 4.8:1 (5.5:1 and 4.6:1 on grey-0);
 * - teal and red, the check-in and the danger colours: white on teal-7 is 3.11:1 and red-7 text 3.84:1;
 *   their filled and outline forms take shade 9 (5.0:1, 5.5:1), their light badges a darker text.
 */
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5f666d',
    '--mantine-color-placeholder': '#6c737a',
    '--mantine-color-teal-filled': 'var(--mantine-color-teal-9)',
    '--mantine-color-teal-filled-hover': '#06694c',
    '--mantine-color-teal-outline': 'var(--mantine-color-teal-9)',
    '--mantine-color-teal-light-color': '#06694c',
    '--mantine-color-red-filled': 'var(--mantine-color-red-9)',
    '--mantine-color-red-filled-hover': '#b02525',
    '--mantine-color-red-outline': 'var(--mantine-color-red-9)',
    '--mantine-color-red-light-color': '#b02525',
  },
  dark: {},
});

/** The provider's settings beside the theme, the same in both places. */
export const PROVIDER_PROPS = {
  theme,
  defaultColorScheme: 'light',
  deduplicateCssVariables: false,
  cssVariablesResolver,
} as const;
