// Builds the SPA when dist/dashboard is missing or older than any of its sources.
import { spawn, spawnSync } from 'node:child_process';
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

const viteArgs = [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'];

/** Builds in a child process; resolves when the build succeeded. */
export function buildSpaAsync() {
  process.stdout.write('Building the console UI…\n');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, viteArgs, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error('the SPA build failed (see above)'))));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url) && spaBuildIsStale()) {
  const result = spawnSync(process.execPath, viteArgs, { cwd: root, stdio: 'inherit' });
  process.exitCode = result.status ?? 1;
}
