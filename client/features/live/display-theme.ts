import { LIVE_DISPLAY } from '#shared/constants';
// The venue display is read from across a room on a screen that may glow for days: a dark backdrop,
// near-white text (about 15:1 on the backdrop) and a secondary grey still above 7:1 (WCAG AAA).
export const DISPLAY_COLORS = {
  backdrop: '#0b1020',
  backdropGradient:
    'radial-gradient(ellipse at 0% 0%, rgba(76, 110, 245, 0.22), transparent 55%), radial-gradient(ellipse at 100% 100%, rgba(21, 170, 191, 0.16), transparent 50%), #0b1020',
  card: '#161e33',
  cardBorder: 'rgba(255, 255, 255, 0.10)',
  text: '#f4f6fb',
  muted: '#b4bfd6',
  accent: '#91a7ff',
  placeholder: 'linear-gradient(135deg, #3b5bdb 0%, #1098ad 100%)',
} as const;

/** A font size that follows the viewport width between two bounds (px). */
export const fluid = (minPx: number, vw: number, maxPx: number) => `clamp(${minPx}px, ${vw}vw, ${maxPx}px)`;

/**
 * A size (px at 1920x1080) that scales with the screen by its tighter side, as the grid's type does
 * (displayUnit in shared/display-grid.ts), never below `minPx`: the same proportions on a 720p, 1080p
 * or 4K screen.
 */
export const scaled = (px: number, minPx: number) => `max(${minPx}px, calc(${px} * min(100vw / 1920, 100vh / 1080)))`;

/** The margins (px) that keep the display inside what a TV that overscans still shows (LIVE_DISPLAY.SAFE_AREA_SHARE). */
/** Margins (px): `x` at the sides, `y` at the top and bottom. */
export type Inset = { x: number; y: number };

export function safeInset(width: number, height: number): Inset {
  if (width < LIVE_DISPLAY.SAFE_FROM_WIDTH) return { x: 16, y: 16 };
  return {
    x: Math.round(Math.max(16, width * LIVE_DISPLAY.SAFE_AREA_SHARE)),
    y: Math.round(Math.max(12, height * LIVE_DISPLAY.SAFE_AREA_SHARE)),
  };
}
