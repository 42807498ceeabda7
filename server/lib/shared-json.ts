/**
 * JSON for values that many sockets send as they are (a live item fans out to every subscriber of its
 * event): marked once where it is made, encoded on first send, and reused by every later frame. A marked
 * value must not change afterwards.
 */
const encoded = new WeakMap<object, string | null>();

export function shareJson<T extends object>(value: T): T {
  if (!encoded.has(value)) encoded.set(value, null);
  return value;
}

/** The JSON of a marked value (computed once), or undefined for any other value. */
export function sharedJson(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const json = encoded.get(value);
  if (json !== null) return json;
  const computed = JSON.stringify(value);
  encoded.set(value, computed);
  return computed;
}
