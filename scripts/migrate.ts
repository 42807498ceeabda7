import { openConfiguredDb } from './cli-db';

/** Applies pending migrations (the server also does this at every start). */
const { db, config } = await openConfiguredDb();
await db.destroy();
console.log(`Database in ${config.dataDir} is up to date`);
