import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { joinOnce } from '../helpers/join-http';
import { dataDirWithEvent, serverProcess } from '../helpers/server-process';
import { inspect, passLine, scale } from './battery';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c();
});

/** A tmpfs of `size` on `dir` (as root); false where this machine allows no mount. */
function tinyDisk(dir: string, size: string) {
  if (process.getuid?.() !== 0) return false;
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    return false;
  }
  cleanups.push(() => execFileSync('umount', ['-l', dir]));
  return true;
}

describe('disk full', () => {
  it('joins past a full disk fail without being acknowledged, and nothing is left half-written', async (ctx) => {
    const { dataDir, eventId } = await dataDirWithEvent();
    const uploads = path.join(dataDir, 'uploads');
    fs.mkdirSync(uploads, { recursive: true, mode: 0o700 });
    if (!tinyDisk(uploads, '256k')) return ctx.skip(); // the storage's own test injects a full disk instead
    const server = serverProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    cleanups.push(server.kill);
    const url = await server.url();
    // a noisy 300x300 photo, ~60 KB: a handful fill the disk
    const noise = Buffer.alloc(300 * 300 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const photo = (
      await sharp(noise, { raw: { width: 300, height: 300, channels: 3 } })
        .jpeg({ quality: 90 })
        .toBuffer()
    ).toString('base64');

    const agent = new http.Agent({ keepAlive: true });
    const answers = [];
    for (let n = 0; n < scale(12, 60); n++) answers.push(await joinOnce(agent, url, eventId, photo, n));
    agent.destroy();
    const acked = answers.filter((a) => a.status === 200 && a.id).map((a) => a.id as string);
    const failed = answers.filter((a) => a.status !== 200);
    expect(acked.length).toBeGreaterThan(0);
    expect(failed.length).toBeGreaterThan(0);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const after = await inspect(dataDir, eventId);
    expect(after.integrity).toBe('ok');
    expect(after.rows.map((r) => r.id).sort()).toEqual([...acked].sort());
    expect(after.attendeeCount).toBe(acked.length);
    const files = fs.readdirSync(path.join(uploads, 'photos'));
    expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([]);
    // every kept photo is whole
    for (const r of after.rows) {
      const meta = await sharp(path.join(uploads, r.photo_url?.slice('/uploads/'.length) ?? '')).metadata();
      expect([meta.width, meta.height]).toEqual([300, 300]);
    }
    expect(files).toHaveLength(after.rows.length);
    passLine('disk full', { joins: answers.length, acknowledged: acked.length, failed: failed.length, tmpLeft: 0 });
  });
});
