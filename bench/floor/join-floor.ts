/**
 * B1's floor: the least a join can be in Node on this machine. Bare node:http + better-sqlite3 with the
 * app's pragmas (WAL, synchronous FULL): read the body, JSON.parse, base64-decode the photo, write it to
 * a file (temp + rename, as the app does), then one transaction: insert the row, bump the event's
 * count, append the change log; answer the row as JSON. No validation, no image work, no rate limit.
 * B2's floor adds the least live delivery: subscribers on a raw `ws` server at `/trpc` (answered with
 * tRPC's "started" frame, so the same subscriber pool drives it and the app) get each join right after
 * its commit, in the app's frame shape, built once for every socket. Under a rush, joins committed within
 * BATCH_MS of the last frame share the next one (a join after a quiet spell goes at once): the app's
 * shortest batch window, without its replay, checks or window growth. One frame per join to 1,000
 * sockets at 200 joins/s is 200,000 sends a second, which no program on this machine keeps up with.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Database from 'better-sqlite3';
import { WebSocketServer } from 'ws';
import { selfUsage, serve } from '../lib/child';

let server: http.Server | undefined;
let wss: WebSocketServer | undefined;
let list: (() => string[]) | undefined;
const STARTED = '{"id":1,"result":{"type":"started"}}';
const BATCH_MS = 50;
let pending: { seq: number; change: string }[] = [];
let lastFlush = 0;
let flushTimer: NodeJS.Timeout | undefined;

function flush() {
  flushTimer = undefined;
  lastFlush = performance.now();
  if (pending.length === 0 || !wss) return;
  const last = pending[pending.length - 1].seq;
  const frame = `{"id":1,"result":{"type":"data","data":{"id":"${last}","data":{"changes":[${pending.map((p) => p.change).join(',')}]}}}}`;
  pending = [];
  for (const ws of wss.clients) ws.send(frame);
}

function publish(seq: number, change: string) {
  pending.push({ seq, change });
  if (flushTimer) return;
  flushTimer = setTimeout(flush, Math.max(0, lastFlush + BATCH_MS - performance.now()));
}

serve({
  async start(arg: { dataDir: string; eventId: string }) {
    const db = new Database(path.join(arg.dataDir, 'floor.db'));
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec(`
      CREATE TABLE IF NOT EXISTS events (id TEXT PRIMARY KEY, attendee_count INTEGER NOT NULL) STRICT;
      CREATE TABLE IF NOT EXISTS event_registrations (
        id TEXT PRIMARY KEY, event_id TEXT NOT NULL, first_name TEXT NOT NULL, last_name TEXT NOT NULL,
        email TEXT, phone TEXT, headline TEXT, photo_url TEXT, registration_token_hash TEXT NOT NULL,
        created_at TEXT NOT NULL, updated_at TEXT NOT NULL) STRICT;
      CREATE UNIQUE INDEX IF NOT EXISTS reg_token ON event_registrations(event_id, registration_token_hash);
      CREATE INDEX IF NOT EXISTS reg_created ON event_registrations(event_id, created_at);
      CREATE TABLE IF NOT EXISTS registration_changes (seq INTEGER PRIMARY KEY AUTOINCREMENT,
        event_id TEXT NOT NULL, registration_id TEXT NOT NULL, kind TEXT NOT NULL, created_at TEXT NOT NULL) STRICT;
      CREATE INDEX IF NOT EXISTS changes_seq ON registration_changes(event_id, seq);
    `);
    db.prepare('INSERT OR IGNORE INTO events (id, attendee_count) VALUES (?, 0)').run(arg.eventId);
    const insert = db.prepare(
      `INSERT INTO event_registrations VALUES (@id, @event_id, @first_name, @last_name, @email, @phone,
        @headline, @photo_url, @hash, @now, @now) RETURNING *`,
    );
    const bump = db.prepare('UPDATE events SET attendee_count = attendee_count + 1 WHERE id = ?');
    const log = db.prepare(
      "INSERT INTO registration_changes (event_id, registration_id, kind, created_at) VALUES (?, ?, 'joined', ?)",
    );
    const join = db.transaction((row: Record<string, string | null>) => {
      const saved = insert.get(row) as Record<string, unknown>;
      bump.run(row.event_id);
      const seq = Number(log.run(row.event_id, row.id, row.now).lastInsertRowid);
      return { saved, seq };
    });
    const ids = db.prepare('SELECT id FROM event_registrations WHERE event_id = ?').pluck();
    list = () => ids.all(arg.eventId) as string[];
    const photos = path.join(arg.dataDir, 'floor-photos');
    await fs.mkdir(photos, { recursive: true });

    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', async () => {
        try {
          const input = JSON.parse(Buffer.concat(chunks).toString());
          const bytes = Buffer.from(input.photo, 'base64');
          const id = crypto.randomUUID();
          const name = `${id}-${crypto.randomBytes(16).toString('hex')}.jpg`;
          const tmp = path.join(photos, `.${name}.tmp`);
          await fs.writeFile(tmp, bytes, { flag: 'wx' });
          await fs.rename(tmp, path.join(photos, name));
          const { saved, seq } = join({
            id,
            event_id: input.eventId,
            first_name: input.first_name,
            last_name: input.last_name,
            email: input.email,
            phone: input.phone,
            headline: input.headline,
            photo_url: `/uploads/photos/${name}`,
            hash: crypto.createHash('sha256').update(input.token).digest('hex'),
            now: new Date().toISOString(),
          });
          const body = JSON.stringify({ result: { data: saved } });
          res.writeHead(200, { 'content-type': 'application/json' }).end(body);
          if (wss?.clients.size) {
            const { registration_token_hash: _, ...entry } = saved;
            publish(seq, JSON.stringify({ seq, kind: 'joined', id, registration: entry }));
          }
        } catch (err) {
          res.writeHead(500).end(String(err));
        }
      });
    });
    wss = new WebSocketServer({ server, path: '/trpc', perMessageDeflate: false });
    wss.on('connection', (ws) => ws.on('message', () => ws.send(STARTED)));
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  },
  usage: () => selfUsage(),
  registrations: () => {
    const ids = list?.() ?? [];
    return { ids, attendeeCount: ids.length };
  },
  stop() {
    for (const ws of wss?.clients ?? []) ws.terminate();
    server?.close();
    setImmediate(() => process.exit(0));
    return true;
  },
});
