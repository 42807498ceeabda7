import { describe, expect, it } from 'vitest';
import { DOWNLOADS } from '#shared/constants';
import { makeTestDeps } from '../../../tests/helpers/test-deps';
import { preparedFiles } from './prepared-files';

// issue 9 review M1: prepared files are bounded in bytes, not only in number.
describe('prepared files: the byte budget', () => {
  it('drops the oldest files once their bytes pass PREPARED_MAX_BYTES, keeping the newest', async () => {
    const t = await makeTestDeps();
    const store = preparedFiles(t.deps);
    // Assertions read fileName only: a failure message printing the buffer would exhaust the heap.
    // One buffer held three times: the store counts its bytes each time, the test allocates it once.
    const big = Buffer.alloc(Math.floor(DOWNLOADS.PREPARED_MAX_BYTES * 0.4));
    const file = { bytes: big, fileName: 'a.pdf', contentType: 'application/pdf' };
    const a = store.put(file);
    const b = store.put(file);
    expect(store.get(a)?.fileName).toBe('a.pdf');
    const c = store.put(file); // 1.2 × the budget: the oldest goes
    expect(store.get(a)?.fileName).toBeUndefined();
    expect(store.get(b)?.fileName).toBe('a.pdf');
    expect(store.get(c)?.fileName).toBe('a.pdf');
    expect(store.held()).toEqual({ files: 2, bytes: big.length * 2 });
  });

  it('gives back the bytes of expired files: they do not push out newer ones', async () => {
    const t = await makeTestDeps();
    const store = preparedFiles(t.deps);
    const big = Buffer.alloc(Math.floor(DOWNLOADS.PREPARED_MAX_BYTES * 0.4));
    const file = { bytes: big, fileName: 'a.pdf', contentType: 'application/pdf' };
    store.put(file);
    store.put(file);
    t.clock.advance(DOWNLOADS.FILE_TTL_MS);
    const b = store.put(file);
    const c = store.put(file);
    expect(store.get(b)?.fileName).toBe('a.pdf');
    expect(store.get(c)?.fileName).toBe('a.pdf');
    expect(store.held()).toEqual({ files: 2, bytes: big.length * 2 });
  });
});
