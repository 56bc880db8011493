import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Test files that take minutes, mostly waiting on upstream faults and back-offs. Vitest would start
 * them last on a fresh clone (no timings cached yet; projects in name order, larger files first), so the
 * whole run would wait for them at its end; started first, the other files run beside them.
 */
const LONG_RUNNING = ['tests/bff/rewards/batch-crash.test.ts'];

export class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isLong = (file: TestSpecification) => LONG_RUNNING.some((path) => file.moduleId.endsWith(path));
    return [...sorted.filter(isLong), ...sorted.filter((file) => !isLong(file))];
  }
}
