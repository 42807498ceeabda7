import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Fake } from '../../../tests/helpers/s3-fake';
import { createDiskStorage } from './disk-storage';
import { createS3Storage } from './s3-storage';
import { OWNED_PHOTO_PATH, type Storage } from './storage';

// One contract, two adapters: what the app asks of storage behaves the same on disk and in an
// S3-compatible bucket (s3rver on loopback).
let s3: Awaited<ReturnType<typeof startS3Fake>>;
let dir: string;
beforeAll(async () => {
  s3 = await startS3Fake();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roomlist-storage-'));
});
afterAll(async () => {
  await s3?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const adapters: [string, () => Storage][] = [
  ['disk', () => createDiskStorage(path.join(dir, 'uploads'))],
  ['s3', () => createS3Storage(s3.settings)],
];

describe.each(adapters)('%s storage', (_name, make) => {
  it('keeps a photo per owner under its own name, reads it back, lists it and removes it once', async () => {
    const storage = make();
    const owner = crypto.randomUUID();
    const bytes = crypto.randomBytes(2048);
    const a = await storage.putOwned(bytes, 'jpg', owner);
    const b = await storage.putOwned(bytes, 'jpg', owner);
    expect(a).toMatch(OWNED_PHOTO_PATH);
    expect(b).not.toBe(a);
    expect((await storage.get(a))?.equals(bytes)).toBe(true);
    const listed = [];
    for await (const f of storage.listPhotos()) listed.push(f);
    expect(listed.map((f) => f.url)).toEqual(expect.arrayContaining([a, b]));
    for (const f of listed) expect(Math.abs(f.modifiedMs - Date.now())).toBeLessThan(3_600_000);

    expect(await storage.remove(a)).toBe(true);
    expect(await storage.get(a)).toBeUndefined();
    expect(await storage.remove(a)).toBe(false);
    expect((await storage.get(b))?.equals(bytes)).toBe(true);
  });

  it('names a logo by its content: the same bytes are one file', async () => {
    const storage = make();
    const bytes = crypto.randomBytes(512);
    const url = await storage.put(bytes, 'png');
    expect(url).toBe(`/uploads/${crypto.createHash('sha256').update(bytes).digest('hex')}.png`);
    expect(await storage.put(bytes, 'png')).toBe(url);
    expect((await storage.get(url))?.equals(bytes)).toBe(true);
  });

  it('reads and removes only the names it makes', async () => {
    const storage = make();
    await expect(storage.putOwned(Buffer.from('x'), 'jpg', '../../etc')).rejects.toThrow();
    for (const url of ['/uploads/../keep.txt', '/uploads/photos/../../keep.txt', '/etc/passwd', '/uploads/x.svg']) {
      expect(await storage.get(url)).toBeUndefined();
      expect(await storage.remove(url)).toBe(false);
    }
  });
});

describe('s3 storage: what lands in the bucket', () => {
  it('uses the names the app serves as object keys, and deleting an object leaves no copy', async () => {
    const storage = createS3Storage(s3.settings);
    const owner = crypto.randomUUID();
    const photo = await storage.putOwned(Buffer.from('face'), 'jpg', owner);
    const logo = await storage.put(Buffer.from('logo'), 'png');
    expect(s3.keys()).toEqual(
      expect.arrayContaining([photo.slice('/uploads/'.length), logo.slice('/uploads/'.length)]),
    );
    await storage.remove(photo);
    expect(s3.keys()).not.toContain(photo.slice('/uploads/'.length));
  });

  it('a bucket it cannot reach is an error, not a missing file', async () => {
    const storage = createS3Storage({ ...s3.settings, endpoint: 'http://127.0.0.1:9', bucket: 'nowhere' });
    await expect(storage.get(`/uploads/photos/${crypto.randomUUID()}-${'a'.repeat(24)}.jpg`)).rejects.toThrow();
  });
});
