import { useMediaQuery } from '@mantine/hooks';
import { BREAKPOINTS } from '#shared/constants';

/** spec §9 mobile breakpoint: under 768 px wide. Read synchronously so the first render is right. */
export function useIsMobile(): boolean {
  return useMediaQuery(`(max-width: ${BREAKPOINTS.MOBILE_PX - 0.02}px)`, false, { getInitialValueInEffect: false });
}
