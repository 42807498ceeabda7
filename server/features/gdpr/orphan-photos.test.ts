import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GDPR } from '#shared/constants';
import { addRegistrations, eventForm, giveMembership, makeUser } from '../../../tests/helpers/factory';
import { startS3Fake } from '../../../tests/helpers/s3-fake';
import { makeTestDeps } from '../../../tests/helpers/test-deps';
import { sweepOrphanPhotos } from './orphan-photos';

let dir: string;
let t: Awaited<ReturnType<typeof makeTestDeps>>;
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roomlist-orphans-'));
  t = await makeTestDeps({ DATA_DIR: dir });
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const photosDir = () => path.join(dir, 'uploads', 'photos');
/** A photo file as storage names it, with its modification time `ageMs` before the test clock. */
function photoFile(ageMs: number, name = `${crypto.randomUUID()}-${'a'.repeat(24)}.jpg`) {
  fs.mkdirSync(photosDir(), { recursive: true });
  const file = path.join(photosDir(), name);
  fs.writeFileSync(file, 'jpeg bytes of a face');
  const at = new Date(t.clock.now().getTime() - ageMs);
  fs.utimesSync(file, at, at);
  return { name, url: `/uploads/photos/${name}` };
}

describe('orphaned photo files (issue 7 item 9: nothing personal outlives its row)', () => {
  it('deletes old files no registration points at, keeps referenced and young ones', async () => {
    const owner = await makeUser(t, 'ada@example.com');
    await giveMembership(t, owner.id, 'annual');
    const event = await (await owner.call()).events.create(eventForm());
    const kept = photoFile(2 * GDPR.ORPHAN_PHOTO_AGE_MS);
    await addRegistrations(t, event.id, 1);
    await t.db.updateTable('event_registrations').set({ photo_url: kept.url }).execute();
    const orphan = photoFile(GDPR.ORPHAN_PHOTO_AGE_MS + 1);
    const halfWritten = photoFile(GDPR.ORPHAN_PHOTO_AGE_MS + 1, `.${crypto.randomUUID()}.tmp`);
    const young = photoFile(GDPR.ORPHAN_PHOTO_AGE_MS - 60_000);

    expect(await sweepOrphanPhotos(t.deps)).toBe(2);
    expect(fs.readdirSync(photosDir()).sort()).toEqual([kept.name, young.name].sort());
    expect(fs.existsSync(path.join(photosDir(), orphan.name))).toBe(false);
    expect(fs.existsSync(path.join(photosDir(), halfWritten.name))).toBe(false);
  });

  it('does nothing when there is no photo folder yet', async () => {
    expect(await sweepOrphanPhotos(t.deps)).toBe(0);
  });
});

describe('orphaned photo objects in an S3 bucket', () => {
  it('deletes old objects no registration points at, keeps referenced and young ones', async () => {
    const s3 = await startS3Fake();
    try {
      const u = await makeTestDeps({ DATA_DIR: dir, ...s3.env });
      const owner = await makeUser(u, 'ada@example.com');
      await giveMembership(u, owner.id, 'annual');
      const event = await (await owner.call()).events.create(eventForm());
      await addRegistrations(u, event.id, 1);
      const kept = await u.deps.storage.putOwned(Buffer.from('kept'), 'jpg', crypto.randomUUID());
      const orphan = await u.deps.storage.putOwned(Buffer.from('orphan'), 'jpg', crypto.randomUUID());
      await u.db.updateTable('event_registrations').set({ photo_url: kept }).execute();
      const written = Date.now(); // the bucket dates objects by its own clock
      const key = (url: string) => url.slice('/uploads/'.length);

      u.clock.set(new Date(written - 60_000)); // both younger than the age
      expect(await sweepOrphanPhotos(u.deps)).toBe(0);
      u.clock.set(new Date(written + GDPR.ORPHAN_PHOTO_AGE_MS + 60_000));
      expect(await sweepOrphanPhotos(u.deps)).toBe(1);
      expect(s3.keys()).toEqual([key(kept)]);
      expect(fs.existsSync(photosDir())).toBe(false); // nothing on this machine's disk
      expect(key(orphan)).not.toBe(key(kept));
    } finally {
      await s3.stop();
    }
  });
});
