import { describe, expect, it } from 'vitest';
import { DOWNLOADS } from '#shared/constants';
import { makeTestDeps } from '../../../tests/helpers/test-deps';

// Prepared files are bounded in bytes, not only in number (README "Limits": attendee-list files).
describe('prepared files: the byte budget', () => {
  it('drops the oldest files once their bytes pass PREPARED_MAX_BYTES, keeping the newest', async () => {
    const t = await makeTestDeps();
    const store = t.deps.preparedFiles;
    // Assertions read fileName only: a failure message printing the buffer would exhaust the heap.
    // One buffer held three times: the store counts its bytes each time, the test allocates it once.
    const big = Buffer.alloc(Math.floor(DOWNLOADS.PREPARED_MAX_BYTES * 0.4));
    const file = { bytes: big, fileName: 'a.pdf', contentType: 'application/pdf' };
    const a = store.put('e1', store.ticket(), file) as string;
    const b = store.put('e1', store.ticket(), file) as string;
    expect(store.get(a)?.fileName).toBe('a.pdf');
    const c = store.put('e1', store.ticket(), file) as string; // 1.2 × the budget: the oldest goes
    expect(store.get(a)?.fileName).toBeUndefined();
    expect(store.get(b)?.fileName).toBe('a.pdf');
    expect(store.get(c)?.fileName).toBe('a.pdf');
    expect(store.held()).toEqual({ files: 2, bytes: big.length * 2 });
  });

  it('gives back the bytes of expired files: they do not push out newer ones', async () => {
    const t = await makeTestDeps();
    const store = t.deps.preparedFiles;
    const big = Buffer.alloc(Math.floor(DOWNLOADS.PREPARED_MAX_BYTES * 0.4));
    const file = { bytes: big, fileName: 'a.pdf', contentType: 'application/pdf' };
    store.put('e1', store.ticket(), file) as string;
    store.put('e1', store.ticket(), file) as string;
    t.clock.advance(DOWNLOADS.FILE_TTL_MS);
    const b = store.put('e1', store.ticket(), file) as string;
    const c = store.put('e1', store.ticket(), file) as string;
    expect(store.get(b)?.fileName).toBe('a.pdf');
    expect(store.get(c)?.fileName).toBe('a.pdf');
    expect(store.held()).toEqual({ files: 2, bytes: big.length * 2 });
  });
});

describe('prepared files: erasure', () => {
  it("drops an event's files at once, and refuses a file whose build began before the erasure", async () => {
    const t = await makeTestDeps();
    const store = t.deps.preparedFiles;
    const file = { bytes: Buffer.from('names'), fileName: 'a.csv', contentType: 'text/csv' };
    const kept = store.put('other', store.ticket(), file) as string;
    const gone = store.put('e1', store.ticket(), file) as string;
    const ticket = store.ticket(); // a build that read the rows just before the erasure
    store.dropEvent('e1');
    expect(store.get(gone)).toBeUndefined();
    expect(store.get(kept)?.fileName).toBe('a.csv');
    expect(store.put('e1', ticket, file)).toBeUndefined();
    expect(store.put('e1', store.ticket(), file)).toEqual(expect.any(String));
  });
});
