import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp (libvips, ~28 MB resident) is loaded with the first image the server reads, not at start: a
 * server waiting for its event does not carry it (issue 8 B8, idle footprint ≤ 100 MB).
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then((m) => m.default);
  return loading;
}
