import http from 'node:http';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb } from '#server/db/connection';
import { M } from '#shared/messages';
import { tinyJpegBase64 } from '../helpers/images';
import { dataDirWithEvent, serverProcess } from '../helpers/server-process';

type Ack = { status: number; id?: string; body: string };

function joinOnce(agent: http.Agent, url: string, eventId: string, photo: string, n: number): Promise<Ack> {
  const body = JSON.stringify({
    eventId,
    token: `shutdown-${crypto.randomUUID()}`,
    first_name: 'Guest',
    last_name: `Number${n}`,
    email: null,
    phone: null,
    headline: null,
    photo,
  });
  return new Promise((resolve) => {
    const req = http.request(
      `${url}/trpc/registrations.join`,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, id: /"id":"([0-9a-f-]{36})"/.exec(text)?.[1], body: text }),
        );
        res.on('error', () => resolve({ status: 0, body: '' }));
      },
    );
    req.on('error', () => resolve({ status: 0, body: '' }));
    req.end(body);
  });
}

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

describe('shutdown with phones still joining', () => {
  it('SIGTERM: keep-alive connections close, the process exits 0 and every acknowledged join is kept', async () => {
    const { dataDir, eventId } = await dataDirWithEvent();
    const server = serverProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    cleanup = server.kill;
    const url = await server.url();
    const photo = await tinyJpegBase64();

    const acked: string[] = [];
    const refused: Ack[] = [];
    let exited = false;
    void server.exited.then(() => (exited = true));
    let n = 0;
    // four phones, each on its own keep-alive connection, joining as fast as the server answers
    const loops = Array.from({ length: 4 }, async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      while (!exited) {
        const ack = await joinOnce(agent, url, eventId, photo, n++);
        if (ack.status === 200 && ack.id) acked.push(ack.id);
        else if (ack.status !== 0) refused.push(ack);
        else await new Promise((r) => setTimeout(r, 5));
      }
      agent.destroy();
    });
    while (acked.length < 40) await new Promise((r) => setTimeout(r, 10));
    server.child.kill('SIGTERM');
    const code = await server.exited;
    await Promise.all(loops);

    expect(code).toBe(0);
    expect(server.out()).toContain('"msg":"stopped"');
    // whatever arrived after the signal was turned away, not half-done
    for (const r of refused) {
      expect(r.status).toBe(503);
      expect(r.body).toContain(M.common.restarting);
    }
    const db = openDb(path.join(dataDir, 'app.db'));
    try {
      const rows = await db.selectFrom('event_registrations').select('id').execute();
      const kept = new Set(rows.map((r) => r.id));
      expect(acked.filter((id) => !kept.has(id))).toEqual([]);
      const event = await db
        .selectFrom('events')
        .select('attendee_count')
        .where('id', '=', eventId)
        .executeTakeFirstOrThrow();
      expect(event.attendee_count).toBe(rows.length);
    } finally {
      await db.destroy();
    }
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
