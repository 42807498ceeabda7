/**
 * B5's floor on PostgreSQL, as list-floor.ts is on SQLite: the same list queries on the app's own database
 * (same rows, same indexes), asked the plainest way over bare node:http + one `pg` connection: one
 * prepared statement per question, ILIKE on first name, last name and e-mail for a search, `count(*)` for
 * a total, rows answered as JSON. No tRPC, no validation, no owner check, no session, no Kysely. Server
 * time is measured as B5 measures the app's: from the parsed request to 'finish'.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { selfUsage, serve } from '../lib/child';

const COLUMNS =
  'id, event_id, first_name, last_name, email, phone, headline, photo_url, checked_in_at, created_at, updated_at';
const SEARCH = "(first_name ILIKE $2 ESCAPE '\\' OR last_name ILIKE $2 ESCAPE '\\' OR email ILIKE $2 ESCAPE '\\')";
// SQLite's NOCASE order as the app writes it on PostgreSQL (server/db/dialect.ts), so the same index serves it
const ORDER: Record<string, string> = {
  newest: 'created_at DESC, rowid DESC',
  oldest: 'created_at ASC, rowid ASC',
  'name-asc': 'lower(first_name COLLATE "C") ASC, lower(last_name COLLATE "C") ASC, rowid ASC',
  'name-desc': 'lower(first_name COLLATE "C") DESC, lower(last_name COLLATE "C") DESC, rowid DESC',
};

let server: http.Server | undefined;
let client: pg.Client | undefined;
let serverMs: number[] = [];

serve({
  async start(arg: { url: string }) {
    const db = new pg.Client({ connectionString: arg.url });
    client = db;
    await db.connect();
    const page = (sortBy: string, search: boolean) => {
      const at = search ? 3 : 2;
      return {
        name: `page-${sortBy}-${search}`,
        text: `SELECT ${COLUMNS} FROM event_registrations WHERE event_id = $1${search ? ` AND ${SEARCH}` : ''}
          ORDER BY ${ORDER[sortBy]} LIMIT $${at} OFFSET $${at + 1}`,
      };
    };
    const count = { name: 'count', text: 'SELECT count(*) AS n FROM event_registrations WHERE event_id = $1' };
    const countSearch = {
      name: 'count-search',
      text: `SELECT count(*) AS n FROM event_registrations WHERE event_id = $1 AND ${SEARCH}`,
    };
    const checkedIn = {
      name: 'checked-in',
      text: 'SELECT count(*) AS n FROM event_registrations WHERE event_id = $1 AND checked_in_at IS NOT NULL',
    };

    server = http.createServer(async (req, res) => {
      const t0 = performance.now();
      res.once('finish', () => serverMs.push(performance.now() - t0));
      const q = new URL(req.url ?? '/', 'http://floor').searchParams;
      const eventId = q.get('eventId') ?? '';
      const search = q.get('search') ?? '';
      const sortBy = q.get('sortBy') ?? 'newest';
      const limit = Number(q.get('limit') ?? 20);
      const offset = (Number(q.get('page') ?? 1) - 1) * limit;
      const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const terms = search ? [like] : [];
      const rows = (await db.query({ ...page(sortBy, Boolean(search)), values: [eventId, ...terms, limit, offset] }))
        .rows;
      const total = (await db.query({ ...(search ? countSearch : count), values: [eventId, ...terms] })).rows[0].n;
      const body: Record<string, unknown> = { rows, total };
      if (q.get('organiser')) body.checkedIn = (await db.query({ ...checkedIn, values: [eventId] })).rows[0].n;
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
  async stop() {
    server?.close();
    await client?.end().catch(() => undefined);
    setImmediate(() => process.exit(0));
    return true;
  },
});
