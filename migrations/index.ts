import type { Migration } from 'kysely';
import * as m0001 from './0001-initial';

/** Every migration, in order. A test checks that each file in this folder is listed here. */
export const migrations: Record<string, Migration> = {
  '0001-initial': m0001,
};
