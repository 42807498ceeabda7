import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDiskStorage } from './disk-storage';
import { OWNED_PHOTO_PATH } from './storage';

describe('disk storage: owned photos', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roomlist-photos-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('gives each photo its own unguessable owner-only file, and removes it by URL', async () => {
    const storage = createDiskStorage(path.join(dir, 'uploads'));
    const owner = crypto.randomUUID();
    const bytes = Buffer.from('same bytes');
    const a = await storage.putOwned(bytes, 'jpg', owner);
    const b = await storage.putOwned(bytes, 'jpg', owner);
    expect(a).toMatch(OWNED_PHOTO_PATH);
    expect(a.startsWith(`/uploads/photos/${owner}-`)).toBe(true);
    expect(b).not.toBe(a); // not content-addressed: one file per registration, never shared
    const file = path.join(dir, a);
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);

    expect(await storage.remove(a)).toBe(true);
    expect(fs.existsSync(file)).toBe(false);
    expect(await storage.remove(a)).toBe(false); // already gone is fine
    expect(fs.existsSync(path.join(dir, b))).toBe(true);
  });

  it('refuses an owner that is not a UUID, and removes nothing outside its own names', async () => {
    const storage = createDiskStorage(path.join(dir, 'uploads'));
    await expect(storage.putOwned(Buffer.from('x'), 'jpg', '../../etc')).rejects.toThrow();
    fs.writeFileSync(path.join(dir, 'keep.txt'), 'keep');
    expect(await storage.remove('/uploads/../keep.txt')).toBe(false);
    expect(await storage.remove('/uploads/photos/../../keep.txt')).toBe(false);
    expect(fs.existsSync(path.join(dir, 'keep.txt'))).toBe(true);
  });
});

describe('disk storage: a full disk', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roomlist-full-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const allFiles = (d: string): string[] =>
    fs
      .readdirSync(d, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? allFiles(path.join(d, e.name)) : [e.name]));

  it('a write that fails half-way leaves no .tmp file and no photo, and the error reaches the caller', async () => {
    // a disk that takes the first 1,000 bytes of a file, then is full
    const fullDisk = {
      ...fs,
      writeFileSync: (file: fs.PathOrFileDescriptor, data: Buffer, opts?: fs.WriteFileOptions) => {
        fs.writeFileSync(file, data.subarray(0, 1000), opts);
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      },
    } as unknown as typeof fs;
    const storage = createDiskStorage(path.join(dir, 'uploads'), fullDisk);
    const bytes = Buffer.alloc(50_000, 7);
    await expect(storage.putOwned(bytes, 'jpg', crypto.randomUUID())).rejects.toThrow('ENOSPC');
    await expect(storage.put(bytes, 'png')).rejects.toThrow('ENOSPC');
    expect(allFiles(path.join(dir, 'uploads'))).toEqual([]);
  });

  it.skipIf(process.getuid?.() !== 0)('on a real full file system (a tiny tmpfs, as root)', async () => {
    const uploads = path.join(dir, 'uploads');
    fs.mkdirSync(uploads);
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', uploads], { stdio: 'ignore' });
    } catch {
      return; // no mount here (a container without the capability): the injected disk above still ran
    }
    try {
      const storage = createDiskStorage(uploads);
      await expect(storage.putOwned(Buffer.alloc(200_000, 7), 'jpg', crypto.randomUUID())).rejects.toThrow(/ENOSPC/);
      expect(allFiles(uploads)).toEqual([]);
      // and a photo that fits is still written whole
      const url = await storage.putOwned(Buffer.alloc(10_000, 7), 'jpg', crypto.randomUUID());
      expect(fs.statSync(path.join(uploads, url.slice('/uploads/'.length))).size).toBe(10_000);
    } finally {
      execFileSync('umount', [uploads]);
    }
  });
});
