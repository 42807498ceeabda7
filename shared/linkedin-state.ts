import { LINKEDIN } from './constants';
import { M } from './messages';

// spec §4 LinkedIn import: the browser keeps the state it sent with the time it made it, as
// base64(JSON {value, createdAt}), and checks what the popup brought back against it.

export const encodeState = (value: string, createdAt: number) => btoa(JSON.stringify({ value, createdAt }));

function decode(stored: string): { value: string; createdAt: number } | undefined {
  try {
    const v = JSON.parse(atob(stored)) as unknown;
    if (typeof v !== 'object' || v === null) return undefined;
    const { value, createdAt } = v as Record<string, unknown>;
    if (typeof value !== 'string' || value === '' || typeof createdAt !== 'number') return undefined;
    return { value, createdAt };
  } catch {
    return undefined;
  }
}

/**
 * null when the returned state is the stored one (it exists, decodes, is younger than
 * LINKEDIN.STATE_TTL_MS and is equal); otherwise the spec's text to show.
 */
export function checkState(stored: string | null, returned: string | null | undefined, now: number): string | null {
  const saved = stored ? decode(stored) : undefined;
  if (!saved) return M.linkedin.securityFailed;
  const age = now - saved.createdAt;
  if (age < 0 || age >= LINKEDIN.STATE_TTL_MS) return M.linkedin.expired;
  if (!returned || returned !== saved.value) return M.linkedin.securityFailed;
  return null;
}
