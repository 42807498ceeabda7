import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb } from '#server/db/connection';
import { tinyJpegBase64 } from '../helpers/images';
import { joinLoops } from '../helpers/join-http';
import { flakyClient, watch } from '../helpers/live-watch';
import { dataDirWithEvent, serverProcess } from '../helpers/server-process';
import { passLine, scale } from './battery';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

const toClose: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of toClose.splice(0)) await c();
});

describe('restart with watchers', () => {
  it('screens watching through a restart (joins going on) miss no change and get none twice', async () => {
    const { dataDir, eventId } = await dataDirWithEvent();
    const port = String(await freePort());
    const start = () => {
      const s = serverProcess({ DATA_DIR: dataDir, PORT: port, LOG_LEVEL: 'info' });
      toClose.push(s.kill);
      return s;
    };
    let server = start();
    const url = await server.url();
    const { lastEventId } = await (
      await fetch(`${url}/trpc/live.cursor?input=${encodeURIComponent(JSON.stringify({ eventId }))}`)
    )
      .json()
      .then((r) => r.result.data);
    const screens = Array.from({ length: scale(3, 20) }, () => {
      const c = flakyClient(url);
      toClose.push(() => c.close());
      return watch(c.trpc.live.onEvent, { eventId, lastEventId });
    });
    const joins = joinLoops({ url: () => url, eventId, photo: await tinyJpegBase64(), clients: 4 });
    toClose.push(() => joins.stop());
    for (let round = 0; round < scale(1, 5); round++) {
      await joins.until(joins.acked.length + scale(20, 300));
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      server = start();
      await server.url();
    }
    await joins.until(joins.acked.length + scale(20, 300));
    await joins.stop();

    const db = openDb(path.join(dataDir, 'app.db'));
    const log = (
      await db
        .selectFrom('registration_changes')
        .select('seq')
        .where('event_id', '=', eventId)
        .where('seq', '>', Number(lastEventId))
        .orderBy('seq')
        .execute()
    ).map((r) => String(r.seq));
    await db.destroy();
    for (const w of screens) await w.count(log.length);
    // a moment for anything sent twice to arrive too
    await new Promise((r) => setTimeout(r, 200));
    let missed = 0;
    let duplicated = 0;
    for (const w of screens) {
      const ids = w.items.map((i) => i.id);
      missed += log.filter((seq) => !ids.includes(seq)).length;
      duplicated += ids.length - new Set(ids).size;
      expect(ids).toEqual(log);
    }
    passLine('restart with watchers', { screens: screens.length, changes: log.length, missed, duplicated });
  });
});
