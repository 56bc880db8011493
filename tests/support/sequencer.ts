import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order test files start in, for two workers on two cores.
 *
 * Vitest's own order runs the projects one after another (dashboard, e2e, unit), so the e2e files,
 * each with a console process and a Chromium that keep a core busy, mostly run beside each other,
 * and the crash and batch tests, which mostly wait on timers, upstream faults and child processes,
 * beside each other. Here the longest files start first (so that the two workers finish together), and
 * the e2e files are interleaved with the rest by their expected time, so that each tends to run beside
 * a file that leaves the CPU to it.
 *
 * Expected times are the ones Vitest keeps from earlier runs; files it has no time for start first
 * (as with Vitest's own sequencer), largest first. Files that failed last time also start first.
 */
export default class InterleavingSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache;
    const known: Array<{ spec: TestSpecification; ms: number }> = [];
    const failed: TestSpecification[] = [];
    const unknown: Array<{ spec: TestSpecification; size: number }> = [];
    for (const spec of files) {
      const key = `${spec.project.name}:${relative(this.ctx.config.root, spec.moduleId)}`;
      const result = cache.getFileTestResults(key);
      if (!result) unknown.push({ spec, size: cache.getFileStats(key)?.size ?? 0 });
      else if (result.failed) failed.push(spec);
      else known.push({ spec, ms: result.duration });
    }

    const longestFirst = (a: { ms: number }, b: { ms: number }) => b.ms - a.ms;
    const e2e = known.filter((file) => file.spec.project.name === 'e2e').sort(longestFirst);
    const rest = known.filter((file) => file.spec.project.name !== 'e2e').sort(longestFirst);
    const interleaved: TestSpecification[] = [];
    let e2eMs = 0;
    let restMs = 0;
    let i = 0;
    let j = 0;
    while (i < e2e.length || j < rest.length) {
      const nextE2e = e2e[i];
      const nextRest = rest[j];
      if (nextE2e && (!nextRest || e2eMs <= restMs)) {
        interleaved.push(nextE2e.spec);
        e2eMs += nextE2e.ms;
        i += 1;
      } else if (nextRest) {
        interleaved.push(nextRest.spec);
        restMs += nextRest.ms;
        j += 1;
      }
    }
    return [...failed, ...unknown.sort((a, b) => b.size - a.size).map((file) => file.spec), ...interleaved];
  }
}
