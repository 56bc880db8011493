import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { readDurationsBudget } from './durations-budget.ts';

/**
 * The order the suite's files start in: the longest first, by their budget in tests/durations-budget.json
 * (a file with none counts as long), so that the two workers end together instead of one of them
 * finishing a long file alone. Vitest's own order does this only from the results of a previous run,
 * which a fresh checkout (CI) does not have, and otherwise starts the largest files first.
 *
 * A project's files stay together (a worker of the unit project keeps its imported modules from one
 * file to the next, `isolate: false`): the unit project first, whose crash tests are the longest, and
 * the dashboard's many short files last, to fill the end.
 */
const PROJECT_ORDER = ['unit', 'unit-isolated', 'e2e', 'dashboard-isolated', 'dashboard'];

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const budget = readDurationsBudget(root).files;
    const seconds = (file: TestSpecification) => budget[path.relative(root, file.moduleId)] ?? Infinity;
    const rank = (file: TestSpecification) => {
      const at = PROJECT_ORDER.indexOf(file.project.name);
      return at === -1 ? PROJECT_ORDER.length : at;
    };
    return [...files].sort((a, b) => rank(a) - rank(b) || seconds(b) - seconds(a));
  }
}
