import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';

const gzipAsync = promisify(gzip);

/**
 * A consistent copy of an embedded store, as a gzipped tar of its data directory. Taken while no
 * transaction of the console is open and no statement runs (PGlite's own locks, held for the copy): a
 * checkpoint first writes every committed change into the data files, and nothing changes until the
 * files are read. The copy is what a clean stop would leave; the console waits only while the files
 * are read (compression comes after the locks are given back).
 */
export async function dumpEmbedded(instance: PGlite): Promise<Buffer> {
  // PGlite's transaction lock: no transaction of the console is open meanwhile, and no statement runs while the files are read.
  const tar = await instance.transaction(async (tx) => {
    await tx.exec('CHECKPOINT');
    return instance.dumpDataDir('none');
  });
  // On the thread pool: the console's event loop goes on meanwhile.
  return gzipAsync(Buffer.from(await tar.arrayBuffer()));
}
