import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { M } from '#shared/messages';
import { tinyJpegBase64 } from '../helpers/images';
import { joinLoops } from '../helpers/join-http';
import { dataDirWithEvent, serverProcess } from '../helpers/server-process';
import { inspect, passLine, scale } from './battery';

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

describe('SIGTERM under load', () => {
  it('keep-alive connections close, the process exits 0 and every acknowledged join is kept', async () => {
    const { dataDir, eventId } = await dataDirWithEvent();
    const server = serverProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    cleanup = server.kill;
    const url = await server.url();
    const joins = joinLoops({ url: () => url, eventId, photo: await tinyJpegBase64(), clients: scale(4, 16) });
    await joins.until(scale(40, 2_000));
    const signalled = performance.now();
    server.child.kill('SIGTERM');
    const code = await server.exited;
    const stopMs = Math.round(performance.now() - signalled);
    await joins.stop();

    expect(code).toBe(0);
    expect(server.out()).toContain('"msg":"stopped"');
    // whatever arrived after the signal was turned away, not half-done
    for (const r of joins.refused) {
      expect(r.status).toBe(503);
      expect(r.body).toContain(M.common.restarting);
    }
    const after = await inspect(dataDir, eventId);
    const kept = new Set(after.rows.map((r) => r.id));
    expect(joins.acked.filter((id) => !kept.has(id))).toEqual([]);
    expect(after.attendeeCount).toBe(after.rows.length);
    // the stop's duration is printed, not asserted: a busy machine stretches it (README "Shutdown")
    passLine('SIGTERM under load', {
      exitCode: code,
      stopMs,
      acknowledged: joins.acked.length,
      refusedAfterSignal: joins.refused.length,
      rows: after.rows.length,
    });
  });

  it('a data folder that cannot be written stops the start with one line', async () => {
    // a path under a regular file cannot be a folder, for root too
    const { dataDir } = await dataDirWithEvent();
    const server = serverProcess({ DATA_DIR: path.join(dataDir, 'app.db', 'data') });
    cleanup = server.kill;
    expect(await server.exited).toBe(1);
    const lines = server.err().trim().split('\n');
    expect(lines).toEqual([expect.stringMatching(/^Cannot use the data folder .*app\.db\/data \(DATA_DIR\): ENOTDIR/)]);
  });
});
