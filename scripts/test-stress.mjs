// `npm run test:stress [-- npm script]`: runs `npm test` (or the named script) while every core is kept
// busy by a background load, so that a test that assumes an idle machine fails here rather than in CI.
// The load is one spinning worker thread per core, for as long as the run lasts and never longer than
// MAX_LOAD_MINUTES; it stops by itself when the run ends or the bound is reached.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

const MAX_LOAD_MINUTES = 30;
const script = process.argv[2] ?? 'test';

const spinner = `
  const { workerData } = require('node:worker_threads');
  const end = Date.now() + workerData.forMs;
  let x = 0;
  while (Date.now() < end) for (let i = 0; i < 1e6; i++) x = (x * 31 + i) % 1000003;
`;
const load = Array.from({ length: availableParallelism() }, () => new Worker(spinner, { eval: true, workerData: { forMs: MAX_LOAD_MINUTES * 60_000 } }));
console.log(`test:stress: ${load.length} spinning threads (at most ${MAX_LOAD_MINUTES} min) while 'npm run ${script}' runs`);

const started = Date.now();
const run = spawn('npm', ['run', script], { stdio: 'inherit' });
const stop = async (code) => {
  await Promise.all(load.map((worker) => worker.terminate()));
  console.log(`test:stress: 'npm run ${script}' ended with ${code} after ${Math.round((Date.now() - started) / 1000)} s under load`);
  process.exit(code);
};
run.on('exit', (code, signal) => void stop(code ?? (signal ? 1 : 0)));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => run.kill(signal));
