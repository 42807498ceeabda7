/** A reason the server cannot start that the operator can fix: printed as its one-line message. */
export class StartError extends Error {}

const FILE_ERRORS = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOTDIR', 'ENOSPC', 'EEXIST', 'ENOENT']);

const oneLine = (dataDir: string, err: unknown) => {
  const code = (err as NodeJS.ErrnoException).code ?? '';
  // better-sqlite3 says SQLITE_READONLY / SQLITE_CANTOPEN for a database it cannot write
  if (!FILE_ERRORS.has(code) && !/^SQLITE_(READONLY|CANTOPEN|IOERR|FULL)/.test(code)) return err;
  return new StartError(`Cannot use the data folder ${dataDir} (DATA_DIR): ${code}; it must be a writable folder`);
};

/** Runs `use` on DATA_DIR; a file-system failure becomes one line naming the folder and the cause. */
export function usingDataDir<T>(dataDir: string, use: () => T): T {
  try {
    return use();
  } catch (err) {
    throw oneLine(dataDir, err);
  }
}

export async function usingDataDirAsync<T>(dataDir: string, use: () => Promise<T>): Promise<T> {
  try {
    return await use();
  } catch (err) {
    throw oneLine(dataDir, err);
  }
}

const DB_UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'ECONNRESET', 'EHOSTUNREACH']);
// PostgreSQL's own refusals: bad password, no such role, no such database
const DB_REFUSED: Record<string, string> = {
  '28P01': 'wrong password',
  '28000': 'not allowed',
  '3D000': 'no such database',
};

/** Runs `use` against DATABASE_URL; a database that cannot be reached becomes one line, without the password. */
export async function usingDatabase<T>(url: string, use: () => Promise<T>): Promise<T> {
  try {
    return await use();
  } catch (err) {
    const code = (err as { code?: string }).code ?? '';
    if (!DB_UNREACHABLE.has(code) && !DB_REFUSED[code]) throw err;
    const u = new URL(url);
    const where = `${u.hostname}:${u.port || '5432'}${u.pathname}`;
    throw new StartError(`Cannot use the database at ${where} (DATABASE_URL): ${DB_REFUSED[code] ?? code}`);
  }
}
