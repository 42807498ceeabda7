import { describe, expect, it } from 'vitest';
import { makeTestDeps } from '../../tests/helpers/test-deps';
import { JOBS } from '../constants';
import { releaseLease, takeLease } from './job-leases.repo';
import { startScheduler } from './scheduler';

// Several processes on one database (README "PostgreSQL") run each clean-up job in one of them at a time.

describe('job leases', () => {
  it('one holder at a time; the holder again, or anyone after a release or the lease running out', async () => {
    const t = await makeTestDeps();
    const at = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();
    const lease = (holder: string) =>
      takeLease(t.db, { name: 'gdpr-erase', holder, now: at(0), until: at(JOBS.LEASE_MS) });
    expect(await lease('a')).toBe(true);
    expect(await lease('b')).toBe(false);
    expect(await lease('a')).toBe(true);
    await releaseLease(t.db, 'gdpr-erase', 'b'); // not b's to end
    expect(await lease('b')).toBe(false);
    await releaseLease(t.db, 'gdpr-erase', 'a');
    expect(await lease('b')).toBe(true);
    t.clock.advance(JOBS.LEASE_MS); // b died mid-run: its lease runs out
    expect(await lease('a')).toBe(true);
  });

  it('two schedulers on one database starting together run a job once; the next start runs it again', async () => {
    const t = await makeTestDeps();
    let runs = 0;
    let finish = () => {};
    const held = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const job = {
      name: 'counting',
      everyMs: 3_600_000,
      run: async () => {
        runs += 1;
        await held;
      },
    };
    const a = startScheduler(t.deps, [job]);
    const b = startScheduler(t.deps, [job]);
    await expect.poll(() => runs).toBe(1);
    // one of them holds the lease while its run goes on; the other has found it taken and skipped
    await Promise.race([a.firstRun, b.firstRun]);
    finish();
    await Promise.all([a.firstRun, b.firstRun]);
    await Promise.all([a(), b()]);
    expect(runs).toBe(1);
    const again = startScheduler(t.deps, [job]);
    await again.firstRun;
    await again();
    expect(runs).toBe(2);
  });
});
