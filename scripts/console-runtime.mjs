// How the console's process runs, for `npm start` (scripts/start.mjs) and for the benchmarks that
// measure it (bench/support/child-process.ts). Both lower an embedded store's console's memory during
// a reward batch (bench/README.md, "Memory of the console"):
// - V8's young generation at 8 MB a semi-space instead of 16: a 1,000-row batch peaked at 269 to 285
//   MiB against 305 to 342 with V8's default, at the same throughput, and look-ups kept theirs.
// - glibc's malloc at two arenas instead of up to one per thread: the threads that compile PGlite's
//   WebAssembly leave freed memory in their own arenas, and an embedded store's process held 225 to
//   380 MiB after the same work from one start to the next (219 to 242 MiB with two arenas).
// - V8's old generation allowed to grow to 1.5 times what survived the last full collection, not the
//   up to 4 times V8 picks by itself: a batch's garbage then goes sooner. What stays alive is about
//   35 MiB mid-batch (a heap snapshot), but a 4,000-row batch peaked at 372 MiB without it and at
//   291 MiB with it, at the same throughput (0.85×, 0.87×); look-ups kept theirs (0.178×).

/** Node's own arguments for the console's process. */
export const CONSOLE_NODE_ARGS = ['--max-semi-space-size=8', '--heap-growing-percent=50'];

/** The console's environment: `env`, with the allocator setting unless the operator set it. */
export function consoleEnv(env) {
  return { ...env, MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2' };
}
