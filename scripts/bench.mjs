// `npm run bench [-- --only <name or part of one>] [options]`: runs each bench/*.bench.ts in turn with tsx, passing the
// other options through (see bench/support/options.ts). Benchmarks print their numbers; they are not tests.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
let only;
const passed = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--only') only = args[++i];
  else if (args[i].startsWith('--only=')) only = args[i].slice('--only='.length);
  else passed.push(args[i]);
}

const all = readdirSync(`${root}/bench`).filter((file) => file.endsWith('.bench.ts'));
// A whole name picks that benchmark alone (`throughput` is also part of `rewards-throughput`).
const benches = (all.includes(`${only}.bench.ts`) ? [`${only}.bench.ts`] : all.filter((file) => !only || file.includes(only))).sort();
if (benches.length === 0) {
  console.error(`bench: no benchmark in bench/ matches ${only ? `--only ${only}` : '*.bench.ts'}`);
  process.exit(1);
}

let failed = 0;
for (const file of benches) {
  console.log(`\n=== bench/${file} ${passed.join(' ')}`.trimEnd());
  const { status, signal } = spawnSync(process.execPath, ['--import', 'tsx', `bench/${file}`, ...passed], { cwd: root, stdio: 'inherit' });
  if (signal) process.exit(1);
  if (status !== 0) failed++;
}
process.exit(failed === 0 ? 0 : 1);
