import type { AnyRouter } from '@trpc/server';

/**
 * The type of the procedure at `path` ('query', 'mutation' or 'subscription'), or undefined when the
 * router has none there. Read from the router's `_def.procedures` (docs/decisions/0013-trpc-internals.md).
 */
export function procedureType(router: AnyRouter, path: string): string | undefined {
  const procedures = router._def.procedures as Record<string, { _def?: { type?: string } } | undefined>;
  return Object.hasOwn(procedures, path) ? procedures[path]?._def?.type : undefined;
}
