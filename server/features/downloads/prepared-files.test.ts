import { describe, expect, it } from 'vitest';
import { DOWNLOADS } from '#shared/constants';
import { insertBareEvent } from '../../../tests/helpers/bare-event';
import { makeTestDeps, T0 } from '../../../tests/helpers/test-deps';
import { eraseEvent, eraseInTransaction } from '../gdpr/erase';
import { createPreparedFiles, type PreparedBudget } from './prepared-files';
import { eventHoldsData, insertPrepared } from './prepared-files.repo';

const KB = 1024;
const file = (bytes: Buffer, fileName = 'a.pdf') => ({ bytes, fileName, contentType: 'application/pdf' });

async function world(budget: PreparedBudget = { maxFiles: DOWNLOADS.MAX_PREPARED_FILES, maxBytes: 100 * KB }) {
  const t = await makeTestDeps();
  const { eventId } = await insertBareEvent(t.db, T0);
  return { ...t, eventId, store: createPreparedFiles(t.db, t.clock, budget) };
}

// Prepared files are bounded in bytes and in number (README "Limits": attendee-list files).
describe('prepared files: the budget', () => {
  it('drops the oldest files once their bytes pass the budget, keeping the newest', async () => {
    const { store, eventId } = await world();
    const big = Buffer.alloc(40 * KB, 7);
    const a = (await store.put(eventId, file(big))) as string;
    const b = (await store.put(eventId, file(big))) as string;
    expect((await store.get(a))?.bytes.equals(big)).toBe(true);
    const c = (await store.put(eventId, file(big))) as string; // 1.2 × the budget: the oldest goes
    expect(await store.get(a)).toBeUndefined();
    expect((await store.get(b))?.fileName).toBe('a.pdf');
    expect((await store.get(c))?.fileName).toBe('a.pdf');
    expect(await store.held()).toEqual({ files: 2, bytes: big.length * 2 });
  });

  it('drops the oldest once the count passes the budget, and keeps one file bigger than the whole budget', async () => {
    const { store, eventId } = await world({ maxFiles: 2, maxBytes: 10 * KB });
    const keys = [];
    for (let i = 0; i < 3; i++) keys.push(await store.put(eventId, file(Buffer.from(`f${i}`))));
    expect(await store.get(keys[0] as string)).toBeUndefined();
    expect((await store.held()).files).toBe(2);
    const huge = (await store.put(eventId, file(Buffer.alloc(20 * KB)))) as string;
    expect((await store.get(huge))?.bytes.length).toBe(20 * KB);
    expect(await store.held()).toEqual({ files: 1, bytes: 20 * KB });
  });

  it('gives back the bytes of expired files: they do not push out newer ones, and the job deletes them', async () => {
    const { store, eventId, clock, db } = await world();
    const big = Buffer.alloc(40 * KB);
    await store.put(eventId, file(big));
    await store.put(eventId, file(big));
    clock.advance(DOWNLOADS.FILE_TTL_MS);
    expect(await store.deleteExpired()).toBe(2);
    const b = (await store.put(eventId, file(big))) as string;
    const c = (await store.put(eventId, file(big))) as string;
    expect((await store.get(b))?.fileName).toBe('a.pdf');
    expect((await store.get(c))?.fileName).toBe('a.pdf');
    expect(await store.held()).toEqual({ files: 2, bytes: big.length * 2 });
    const rows = await db.selectFrom('prepared_downloads').select('key').execute();
    expect(rows.map((r) => r.key).sort()).toEqual([b, c].sort());
  });

  it('a link works until FILE_TTL_MS, and reuse renews it for a full FILE_TTL_MS', async () => {
    const { store, eventId, clock } = await world();
    const key = (await store.put(eventId, file(Buffer.from('x')), 'same')) as string;
    clock.advance(DOWNLOADS.FILE_TTL_MS - 1);
    expect(await store.reuse('same')).toBe(key);
    expect(await store.reuse('other')).toBeUndefined();
    clock.advance(DOWNLOADS.FILE_TTL_MS - 1);
    expect((await store.get(key))?.fileName).toBe('a.pdf');
    clock.advance(1);
    expect(await store.get(key)).toBeUndefined();
    expect(await store.reuse('same')).toBeUndefined();
  });
});

describe('prepared files: erasure', () => {
  it("deletes an event's files in the erasure, and refuses a file of an erased or deleted event", async () => {
    const t = await world();
    const other = await insertBareEvent(t.db, T0);
    const kept = (await t.store.put(other.eventId, file(Buffer.from('names'), 'a.csv'))) as string;
    const gone = (await t.store.put(t.eventId, file(Buffer.from('names'), 'a.csv'))) as string;
    await eraseEvent(t.deps, t.eventId);
    expect(await t.store.get(gone)).toBeUndefined();
    expect((await t.store.get(kept))?.fileName).toBe('a.csv');
    expect(await t.store.put(t.eventId, file(Buffer.from('names')))).toBeUndefined();
    expect(await t.store.put(crypto.randomUUID(), file(Buffer.from('names')))).toBeUndefined();
    const rows = await t.db.selectFrom('prepared_downloads').select('event_id').execute();
    expect(rows).toEqual([{ event_id: other.eventId }]);
  });

  it('a file kept while an erasure runs is refused or deleted with it, in either order', async () => {
    const t = await world();
    // the erasure first: a file kept meanwhile waits for it and is refused
    let putting: Promise<string | undefined> | undefined;
    await t.db.transaction().execute(async (trx) => {
      await eraseInTransaction(trx, t.eventId, T0);
      putting = t.store.put(t.eventId, file(Buffer.from('names')));
    });
    expect(await putting).toBeUndefined();

    // the file first: an erasure that starts meanwhile deletes it when it commits
    const u = await world();
    let erasing: Promise<unknown> | undefined;
    await u.db.transaction().execute(async (trx) => {
      expect(await eventHoldsData(trx, u.eventId)).toBe(true);
      erasing = eraseEvent(u.deps, u.eventId);
      await insertPrepared(trx, {
        key: 'k'.repeat(32),
        event_id: u.eventId,
        file_name: 'a.csv',
        content_type: 'text/csv',
        bytes: Buffer.from('names'),
        size: 5,
        same_as: null,
        created_at: T0,
        expires_at: '2999-01-01T00:00:00.000Z',
      });
    });
    await erasing;
    expect(await u.db.selectFrom('prepared_downloads').selectAll().execute()).toEqual([]);
  });
});
