import { createRequire } from 'node:module';
import type PgModule from 'pg';

const require = createRequire(import.meta.url);

/**
 * The `pg` package, loaded on first use: a server on SQLite never loads it. Loading it at start cost
 * ~12 MB of resident memory at idle (bench B8): its check for Cloudflare's runtime reads the global
 * `Response`, which loads Node's whole fetch implementation.
 */
export const loadPg = (): typeof PgModule => require('pg') as typeof PgModule;
