// spec §3 registration_token: a browser-made id kept in localStorage under a prefix plus the registration
// id; it is the proof of ownership for editing and downloading (the server stores only its hash).

const TOKEN_PREFIX = 'roomlist:registration-token:';
// A join whose answer was lost must be retried with the same token, so the server finds the first
// registration instead of making a second one: the token is kept per event until the join answers.
const PENDING_PREFIX = 'roomlist:pending-registration-token:';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type StoredToken = { registrationId: string; token: string };

// Storage can be missing or throw (disabled cookies, some private modes): then tokens live only as long
// as the page, and the attendee simply cannot edit later.
const memory = new Map<string, string>();
function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return memory.get(key) ?? null;
  }
}
function write(key: string, value: string) {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    memory.set(key, value);
  }
}
function remove(key: string) {
  memory.delete(key);
  try {
    window.localStorage.removeItem(key);
  } catch {
    // nothing stored there
  }
}

/**
 * A random v4 UUID. `crypto.randomUUID` exists only in secure contexts, and a self-hosted server is often
 * opened over plain http on a network address; `getRandomValues` works everywhere.
 */
export function newToken(): string {
  if (typeof crypto.randomUUID === 'function' && window.isSecureContext) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The token to send with a join to `eventId`: the pending one of an unanswered join, else a new one. */
export function pendingJoinToken(eventId: string): string {
  const key = PENDING_PREFIX + eventId;
  const kept = read(key);
  if (kept && UUID.test(kept)) return kept;
  const token = newToken();
  write(key, token);
  return token;
}

/** After a join answered: the token now belongs to the registration, and the next join starts afresh. */
export function saveRegistrationToken(eventId: string, registrationId: string, token: string) {
  write(TOKEN_PREFIX + registrationId, token);
  remove(PENDING_PREFIX + eventId);
}

/** The token this browser holds for one registration, if any. */
export function registrationToken(registrationId: string): string | null {
  return read(TOKEN_PREFIX + registrationId);
}

/** Every registration token this browser holds (all events: the server says which one an event owns). */
export function storedTokens(): StoredToken[] {
  const out: StoredToken[] = [];
  try {
    for (let i = 0; i < window.localStorage.length; i += 1) {
      const key = window.localStorage.key(i);
      if (!key?.startsWith(TOKEN_PREFIX)) continue;
      const token = window.localStorage.getItem(key);
      if (token) out.push({ registrationId: key.slice(TOKEN_PREFIX.length), token });
    }
  } catch {
    // storage unavailable: only the in-memory copies below
  }
  for (const [key, token] of memory) {
    if (key.startsWith(TOKEN_PREFIX)) out.push({ registrationId: key.slice(TOKEN_PREFIX.length), token });
  }
  return out;
}

/** Forgets a token whose registration the server no longer knows (removed or erased). */
export function forgetRegistrationToken(registrationId: string) {
  remove(TOKEN_PREFIX + registrationId);
}
