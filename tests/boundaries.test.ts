import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

function files(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return files(rel);
    return /\.(ts|tsx)$/.test(e.name) ? [rel] : [];
  });
}

const imports = (file: string) =>
  [...fs.readFileSync(path.join(root, file), 'utf8').matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map(
    (m) => m[1],
  );

describe('layer boundaries', () => {
  it('shared/ imports nothing from server/ or client/, and nothing node-only (it runs in the browser)', () => {
    for (const f of files('shared')) {
      for (const spec of imports(f)) {
        expect(spec, `${f} imports ${spec}`).not.toMatch(/^(#server|#client|node:)|\/(server|client)\//);
        expect(
          ['zod', 'dayjs'].includes(spec) || spec.startsWith('.') || spec.startsWith('dayjs/') || spec === 'vitest',
          `${f} imports ${spec}`,
        ).toBe(true);
      }
    }
  });

  it('client/ imports from server/ only types', () => {
    for (const f of files('client')) {
      const src = fs.readFileSync(path.join(root, f), 'utf8');
      for (const m of src.matchAll(/^import\s+(type\s+)?[^;]*?from\s+['"]([^'"]+)['"]/gm)) {
        // the app's server/ (a package such as @trpc/server/observable is not it)
        if (/^#server|^\..*\/server\//.test(m[2])) expect(m[1], `${f} imports runtime code from ${m[2]}`).toBe('type ');
      }
    }
  });

  it('migrations/ import no app code', () => {
    for (const f of files('migrations')) {
      for (const spec of imports(f))
        expect(spec === 'kysely' || spec.startsWith('./'), `${f} imports ${spec}`).toBe(true);
    }
  });

  it('SQL lives only in repos, migrations and db setup', () => {
    for (const f of files('server')) {
      if (/\.repo\.ts$|\.test\.ts$|server\/db\//.test(f)) continue;
      const src = fs.readFileSync(path.join(root, f), 'utf8');
      expect(/\.(selectFrom|insertInto|updateTable|deleteFrom)\(/.test(src), `${f} builds SQL outside a repo`).toBe(
        false,
      );
    }
  });
});

describe('feature folders', () => {
  // server/features/<a> → server/features/<b>, for every import (types too) outside tests
  const featureOf = (file: string) => /^server\/features\/([^/]+)\//.exec(file)?.[1];
  const edges = () => {
    const out = new Map<string, Set<string>>();
    for (const f of files('server/features')) {
      const from = featureOf(f);
      if (!from || f.endsWith('.test.ts')) continue;
      for (const spec of imports(f)) {
        if (!spec.startsWith('.')) continue;
        const to = featureOf(path.relative(root, path.resolve(root, path.dirname(f), spec)));
        if (to && to !== from) out.set(from, (out.get(from) ?? new Set()).add(to));
      }
    }
    return out;
  };

  it('import each other without a circle', () => {
    const graph = edges();
    const circles: string[] = [];
    const walk = (node: string, trail: string[]) => {
      for (const next of graph.get(node) ?? []) {
        if (next === trail[0]) circles.push([...trail, next].join(' → '));
        else if (!trail.includes(next) && next > trail[0]) walk(next, [...trail, next]);
      }
    };
    for (const start of graph.keys()) walk(start, [start]);
    expect(circles).toEqual([]);
  });
});
