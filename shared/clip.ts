/**
 * Cuts to `max` UTF-16 units without leaving half of a surrogate pair at the end. On its own (not in a
 * zod schema file) so the page-view hook every page runs does not bring zod along.
 */
export function clip(value: string, max: number): string {
  if (value.length <= max) return value;
  const cut = value.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}
