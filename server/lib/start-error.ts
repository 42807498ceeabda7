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
