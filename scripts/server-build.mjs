// Builds the BFF (or another TypeScript entry) into one ES module whose packages stay in node_modules,
// so that `npm start` runs plain JavaScript: no TypeScript loader in the console's process, which
// held about 70 MiB of it (bench/README.md, "Memory of the console"). esbuild takes well under a
// second, so every start builds afresh and nothing can be stale.
import { renameSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Bundles `entry` into `outfile` (both relative to the root) and answers the output's absolute path.
 * The output must sit two directories below the root, as bff/src/ does (bff/src/project-root.ts).
 */
export async function buildServer(entry = 'bff/src/app/server.ts', outfile = 'dist/server/console.mjs') {
  const target = path.join(root, outfile);
  if (path.relative(root, path.dirname(target)).split(path.sep).length !== 2) throw new Error(`${outfile} is not two directories below the root`);
  // Consoles started at once each build; each renames a whole file into place.
  const building = `${target}.${process.pid}.tmp`;
  await build({
    entryPoints: [path.join(root, entry)],
    outfile: building,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  renameSync(building, target);
  return target;
}
