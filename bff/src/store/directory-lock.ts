import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';

export class DirectoryLockedError extends Error {
  override readonly name = 'DirectoryLockedError';
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * An exclusive lock file naming the owning process. Embedded PostgreSQL has no guard of its own:
 * two processes on one data directory would corrupt it. A lock left by a dead process is taken over.
 */
export function lockDirectory(lockFile: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
      if (Number.isInteger(owner) && (owner === process.pid || isRunning(owner))) {
        throw new DirectoryLockedError(`the data directory is in use by another console process (pid ${owner}); stop it or use another PLAT_DATA_DIR`);
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new DirectoryLockedError(`could not lock ${lockFile}`);
}
