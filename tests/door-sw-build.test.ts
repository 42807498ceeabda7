import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The built door service worker (scripts/door-sw.ts): what it keeps for the door to open offline.
const dist = path.resolve(import.meta.dirname, '../dist/client');

function precacheList(): string[] {
  const sw = fs.readFileSync(path.join(dist, 'door/sw.js'), 'utf8');
  const list = /\[("\/[^\]]*")\]/.exec(sw);
  if (!list) throw new Error('no file list in door/sw.js');
  return JSON.parse(`[${list[1]}]`) as string[];
}

describe('the door service worker build', () => {
  it("keeps the entry, the door page's code and styles, and no other page", () => {
    const files = precacheList();
    const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string; isEntry?: boolean; css?: string[] }
    >;
    const entry = Object.values(manifest).find((c) => c.isEntry);
    expect(files).toContain(`/${entry?.file}`);
    expect(files).toContain(`/${manifest['features/door/door-page.tsx'].file}`);
    for (const css of manifest['styles/organiser-styles.ts'].css ?? []) expect(files).toContain(`/${css}`);
    for (const other of ['features/admin/admin-page.tsx', 'features/registrations/join-page.tsx']) {
      expect(files).not.toContain(`/${manifest[other].file}`);
    }
    // every file it asks for at install exists (one missing file fails the whole install)
    for (const f of files) expect(fs.existsSync(path.join(dist, f)), f).toBe(true);
  });
});
