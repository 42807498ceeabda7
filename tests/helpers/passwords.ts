import { createPasswords, type Passwords } from '#server/features/auth/password';
import type { makeTestDeps } from './test-deps';

type TestDeps = Awaited<ReturnType<typeof makeTestDeps>>;

/**
 * The real scrypt hasher with its cheapest parameters (the parameters travel in the stored string),
 * counting calls: for tests that make hundreds of attempts, and for proving what costs a hash.
 */
export function countingPasswords() {
  const real = createPasswords({ N: 16, r: 1, p: 1 });
  const counts = { hash: 0, verify: 0 };
  const passwords: Passwords = {
    hash: (pw) => {
      counts.hash++;
      return real.hash(pw);
    },
    verify: (pw, stored) => {
      counts.verify++;
      return real.verify(pw, stored);
    },
    dummy: real.dummy,
  };
  return { passwords, counts };
}

/** The same test deps (database, clock, mail) with the counting hasher swapped in. */
export function withCountingPasswords(t: TestDeps) {
  const { passwords, counts } = countingPasswords();
  return { ...t, deps: { ...t.deps, passwords }, counts };
}
