// How the console's process runs, for `npm start` (scripts/start.mjs) and for the benchmarks that
// measure it (bench/support/child-process.ts). Both lower an embedded store's console's memory during
// a reward batch (bench/README.md, "Memory of the console"):
// - V8's young generation at 8 MB a semi-space instead of 16: a 1,000-row batch peaked at 269 to 285
//   MiB against 305 to 342 with V8's default, at the same throughput, and look-ups kept theirs.
// - glibc's malloc at two arenas instead of up to one per thread: the threads that compile PGlite's
//   WebAssembly leave freed memory in their own arenas, and an embedded store's process held 225 to
//   380 MiB after the same work from one start to the next (219 to 242 MiB with two arenas).

/** Node's own arguments for the console's process. */
export const CONSOLE_NODE_ARGS = ['--max-semi-space-size=8'];

/** The console's environment: `env`, with the allocator setting unless the operator set it. */
export function consoleEnv(env) {
  return { ...env, MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2' };
}
