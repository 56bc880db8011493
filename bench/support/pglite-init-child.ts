// Child-process entry: creates and migrates a PGlite data directory (argv[2]), then exits. PGlite's
// first start (initdb) grows the process to about 700 MiB that it never gives back; a console that
// finds its directory made (every start but the first) holds about a third of that.
import { openStore } from '../../bff/src/store/database.ts';

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: pglite-init-child.ts <data directory>');
const store = await openStore({ kind: 'pglite', dataDir });
await store.close();
