import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Q = Kysely<Database> | Transaction<Database>;

const PUBLIC_USER = ['id', 'email', 'first_name', 'last_name', 'created_at', 'email_confirmed_at'] as const;

export function findUserByEmail(db: Q, email: string) {
  return db
    .selectFrom('users')
    .select([...PUBLIC_USER, 'password_hash'])
    .where('email', '=', email)
    .executeTakeFirst();
}

export function findUserById(db: Q, id: string) {
  return db.selectFrom('users').select(PUBLIC_USER).where('id', '=', id).executeTakeFirst();
}

export async function countUsers(db: Q): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertUser(
  db: Q,
  u: { id: string; email: string; password_hash: string; first_name: string; last_name: string; now: string },
) {
  await db
    .insertInto('users')
    .values({
      id: u.id,
      email: u.email,
      password_hash: u.password_hash,
      first_name: u.first_name,
      last_name: u.last_name,
      email_confirmed_at: null,
      created_at: u.now,
      updated_at: u.now,
    })
    .execute();
  await db
    .insertInto('profiles')
    .values({ id: u.id, email: u.email, first_name: u.first_name, last_name: u.last_name, created_at: u.now })
    .execute();
}

/**
 * Confirms an address from a sign-up link and applies that sign-up's password and names, only while
 * the address is unconfirmed. Returns whether it was.
 */
export async function confirmSignup(
  db: Q,
  userId: string,
  d: { password_hash: string; first_name: string; last_name: string },
  now: string,
) {
  const r = await db
    .updateTable('users')
    .set({
      password_hash: d.password_hash,
      first_name: d.first_name,
      last_name: d.last_name,
      email_confirmed_at: now,
      updated_at: now,
    })
    .where('id', '=', userId)
    .where('email_confirmed_at', 'is', null)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) return false;
  await db
    .updateTable('profiles')
    .set({ first_name: d.first_name, last_name: d.last_name })
    .where('id', '=', userId)
    .execute();
  return true;
}

export async function confirmEmail(db: Q, userId: string, now: string) {
  await db
    .updateTable('users')
    .set({ email_confirmed_at: now, updated_at: now })
    .where('id', '=', userId)
    .where('email_confirmed_at', 'is', null)
    .execute();
}

export async function setPassword(db: Q, userId: string, password_hash: string, now: string) {
  await db.updateTable('users').set({ password_hash, updated_at: now }).where('id', '=', userId).execute();
}

export async function changeEmail(db: Q, userId: string, email: string, now: string) {
  await db.updateTable('users').set({ email, updated_at: now }).where('id', '=', userId).execute();
  await db.updateTable('profiles').set({ email }).where('id', '=', userId).execute();
}

export async function rolesOf(db: Q, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('user_roles').select('role').where('user_id', '=', userId).execute();
  return rows.map((r) => r.role);
}

export async function grantRole(db: Q, userId: string, role: 'admin' | 'moderator', id: string, now: string) {
  await db
    .insertInto('user_roles')
    .values({ id, user_id: userId, role, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'role']).doNothing())
    .execute();
}

export async function revokeRole(db: Q, userId: string, role: 'admin' | 'moderator') {
  const r = await db.deleteFrom('user_roles').where('user_id', '=', userId).where('role', '=', role).executeTakeFirst();
  return Number(r.numDeletedRows);
}
