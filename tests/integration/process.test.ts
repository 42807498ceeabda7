import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverProcess } from '../helpers/server-process';

describe('the server process', () => {
  it('exits non-zero with one clear line for a bad PORT', async () => {
    const p = serverProcess({ PORT: 'abc' });
    expect(await p.exited).toBe(1);
    expect(p.err().trim()).toBe('Invalid configuration: PORT must be a number (got "abc")');
  });

  it('starts on its own data folder and shuts down cleanly on SIGTERM', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roomlist-proc-'));
    const p = serverProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    try {
      const url = await p.url();
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      expect(fs.existsSync(path.join(dataDir, 'app.db'))).toBe(true);
      p.child.kill('SIGTERM');
      expect(await p.exited).toBe(0);
      expect(p.out()).toContain('shutting down');
      // a clean close checkpoints the WAL into the database file
      expect(fs.existsSync(path.join(dataDir, 'app.db-wal'))).toBe(false);
    } finally {
      p.kill();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
