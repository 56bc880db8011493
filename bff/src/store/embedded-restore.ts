import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_SETTINGS, pgliteExtensions } from './database.ts';

const GZIP_MAGIC = [0x1f, 0x8b];

/** A backup made by `dumpEmbedded`, restored into `pgliteDir` (which must not exist yet), and closed. */
export async function loadEmbedded(pgliteDir: string, backup: Buffer): Promise<void> {
  const isGzip = backup[0] === GZIP_MAGIC[0] && backup[1] === GZIP_MAGIC[1];
  if (!isGzip) throw new Error('the file is not a console backup (not gzip-compressed)');
  const tar = gunzipSync(backup);
  const instance = await PGlite.create(pgliteDir, { loadDataDir: new Blob([tar], { type: 'application/x-tar' }), extensions: pgliteExtensions, postgresqlconf: PGLITE_SETTINGS });
  await instance.close();
}
