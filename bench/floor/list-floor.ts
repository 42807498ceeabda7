/**
 * B5's floor: the same list queries on the same SQLite file (the app's own, opened read-only beside it
 * in WAL mode, so the same rows and the same indexes), asked the plainest way over bare node:http +
 * better-sqlite3: one prepared statement per question, LIKE on first name, last name and e-mail for a
 * search, `count(*)` for a total, rows answered as JSON. No tRPC, no validation, no owner check, no
 * session. Server time is measured as B5 measures the app's: from the parsed request to 'finish'.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Database from 'better-sqlite3';
import { selfUsage, serve } from '../lib/child';

const COLUMNS =
  'id, event_id, first_name, last_name, email, phone, headline, photo_url, checked_in_at, created_at, updated_at';
const SEARCH = "(first_name LIKE ? ESCAPE '\\' OR last_name LIKE ? ESCAPE '\\' OR email LIKE ? ESCAPE '\\')";
const ORDER: Record<string, string> = {
  newest: 'created_at DESC, rowid DESC',
  oldest: 'created_at ASC, rowid ASC',
  'name-asc': 'first_name COLLATE NOCASE ASC, last_name COLLATE NOCASE ASC, rowid ASC',
  'name-desc': 'first_name COLLATE NOCASE DESC, last_name COLLATE NOCASE DESC, rowid DESC',
};

let server: http.Server | undefined;
let serverMs: number[] = [];

serve({
  async start(arg: { file: string }) {
    const db = new Database(arg.file, { readonly: true, fileMustExist: true });
    const pages = new Map<string, Database.Statement>();
    const pageOf = (sortBy: string, search: boolean) => {
      const key = `${sortBy}:${search}`;
      let stmt = pages.get(key);
      if (!stmt) {
        stmt = db.prepare(
          `SELECT ${COLUMNS} FROM event_registrations WHERE event_id = ?${search ? ` AND ${SEARCH}` : ''}
           ORDER BY ${ORDER[sortBy]} LIMIT ? OFFSET ?`,
        );
        pages.set(key, stmt);
      }
      return stmt;
    };
    const count = db.prepare('SELECT count(*) AS n FROM event_registrations WHERE event_id = ?').pluck();
    const countSearch = db
      .prepare(`SELECT count(*) AS n FROM event_registrations WHERE event_id = ? AND ${SEARCH}`)
      .pluck();
    const checkedIn = db
      .prepare('SELECT count(*) AS n FROM event_registrations WHERE event_id = ? AND checked_in_at IS NOT NULL')
      .pluck();

    server = http.createServer((req, res) => {
      const t0 = performance.now();
      res.once('finish', () => serverMs.push(performance.now() - t0));
      const q = new URL(req.url ?? '/', 'http://floor').searchParams;
      const eventId = q.get('eventId') ?? '';
      const search = q.get('search') ?? '';
      const sortBy = q.get('sortBy') ?? 'newest';
      const limit = Number(q.get('limit') ?? 20);
      const offset = (Number(q.get('page') ?? 1) - 1) * limit;
      const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const terms = search ? [like, like, like] : [];
      const rows = pageOf(sortBy, Boolean(search)).all(eventId, ...terms, limit, offset);
      const total = search ? countSearch.get(eventId, ...terms) : count.get(eventId);
      const body: Record<string, unknown> = { rows, total };
      if (q.get('organiser')) body.checkedIn = checkedIn.get(eventId);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ result: { data: body } }));
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  },
  /** Server times recorded since the last call (and forgets them). */
  takeServerMs: () => {
    const taken = serverMs;
    serverMs = [];
    return taken;
  },
  usage: () => selfUsage(),
  stop() {
    server?.close();
    setImmediate(() => process.exit(0));
    return true;
  },
});
