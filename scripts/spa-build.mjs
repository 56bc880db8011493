// Builds the SPA when dist/dashboard is missing or older than any of its sources.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const builtIndex = path.join(root, 'dist/dashboard/index.html');
const sources = ['dashboard', 'vite.config.ts', 'tailwind.config.ts', 'package-lock.json'];

function newestMtime(entry) {
  const stats = statSync(entry, { throwIfNoEntry: false });
  if (!stats) return 0;
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestMtime(path.join(entry, name))), stats.mtimeMs);
}

export function spaBuildIsStale() {
  const built = statSync(builtIndex, { throwIfNoEntry: false });
  if (!built) return true;
  const newestSource = Math.max(...sources.map((source) => newestMtime(path.join(root, source))));
  return newestSource > built.mtimeMs;
}

export function buildSpa() {
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the SPA build failed (see above)');
}

export function ensureSpaBuilt() {
  if (!spaBuildIsStale()) return;
  process.stdout.write('Building the console UI…\n');
  buildSpa();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureSpaBuilt();
