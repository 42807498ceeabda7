import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config';
import { openDb } from '#server/db/connection';
import { createDeps } from '#server/deps';
import { sweepOrphanPhotos } from '#server/features/gdpr/orphan-photos';
import { fixedClock } from '#server/lib/clock';
import { createLog } from '#server/lib/log';
import { GDPR } from '#shared/constants';
import { tinyJpegBase64 } from '../helpers/images';
import { joinLoops } from '../helpers/join-http';
import { dataDirWithEvent, serverProcess } from '../helpers/server-process';
import { inspect, passLine, scale } from './battery';

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

describe('kill -9 during a join burst', () => {
  it('loses no acknowledged join; the database is intact, the count agrees, and the sweep leaves no orphan photo', async () => {
    const { dataDir, eventId } = await dataDirWithEvent();
    const server = serverProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    cleanup = server.kill;
    const url = await server.url();
    const joins = joinLoops({ url: () => url, eventId, photo: await tinyJpegBase64(), clients: 8 });
    await joins.until(scale(60, 3_000));
    server.child.kill('SIGKILL');
    await server.exited;
    await joins.stop();

    const after = await inspect(dataDir, eventId);
    const kept = new Set(after.rows.map((r) => r.id));
    const lost = joins.acked.filter((id) => !kept.has(id));
    expect(after.integrity).toBe('ok');
    expect(lost).toEqual([]);
    expect(after.attendeeCount).toBe(after.rows.length);

    // the clean-up job, an hour and more later: every photo file left belongs to a row
    const db = openDb(path.join(dataDir, 'app.db'));
    const later = fixedClock(new Date(Date.now() + GDPR.ORPHAN_PHOTO_AGE_MS + 60_000));
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const swept = await sweepOrphanPhotos(createDeps({ config, db, log: createLog('silent') }, { clock: later }));
    await db.destroy();
    const photos = path.join(dataDir, 'uploads', 'photos');
    const files = fs.existsSync(photos) ? fs.readdirSync(photos) : [];
    const referenced = new Set(after.rows.map((r) => path.basename(r.photo_url ?? '')));
    expect(files.filter((f) => !referenced.has(f))).toEqual([]);
    passLine('kill -9 during joins', {
      acknowledged: joins.acked.length,
      lost: lost.length,
      rows: after.rows.length,
      integrity: after.integrity,
      orphansSwept: swept,
    });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
