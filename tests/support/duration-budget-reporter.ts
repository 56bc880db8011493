import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { DURATIONS_BUDGET_FILE, readDurationsBudget } from './durations-budget.ts';

/**
 * Records how long each test file took (`test-results/durations.json`) and prints the files over their
 * budget in `tests/durations-budget.json` at the end of the run.
 *
 * Budgets are seconds measured on one machine, times about three, with that machine's `tsc --noEmit`
 * time beside them. `scripts/test.sh` times tsc alone on the machine running now and passes it on
 * (PLAT_TEST_TYPECHECK_SECONDS), and budgets scale by the ratio of the two times: a machine that type
 * checks twice as slowly gets twice the time.
 *
 * Over budget only warns: it does not fail the run. Scaling by tsc corrects for a slower CPU, but not
 * for a busy one: a file's time depends on what else the machine runs at that moment (the other worker,
 * other jobs on a shared runner), and much of it is waiting on ledgers, timers and child processes that
 * no CPU figure predicts. A failing budget would make CI flaky; a printed one is seen in every run's
 * log, and the recorded durations let a change that slows a file down be found.
 */
export default class DurationBudgetReporter implements Reporter {
  private readonly root = process.cwd();

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const seconds = Object.fromEntries(
      testModules
        .map((module) => [path.relative(this.root, module.moduleId), fileSeconds(module)] as const)
        .sort(([, a], [, b]) => b - a),
    );
    const out = path.join(this.root, 'test-results', 'durations.json');
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, `${JSON.stringify(seconds, null, 2)}\n`);

    const budget = readDurationsBudget(this.root);
    const here = Number(process.env.PLAT_TEST_TYPECHECK_SECONDS);
    const scale = Number.isFinite(here) && here > 0 ? here / budget.typecheckSeconds : 1;
    const over = Object.entries(seconds).flatMap(([file, took]) => {
      const allowed = budget.files[file];
      if (allowed === undefined) return [`  ${file}: ${took.toFixed(1)} s, no budget (add one to ${DURATIONS_BUDGET_FILE})`];
      return took > allowed * scale ? [`  ${file}: ${took.toFixed(1)} s, budget ${(allowed * scale).toFixed(1)} s`] : [];
    });
    const scaled = scale === 1 ? '' : ` (budgets × ${scale.toFixed(2)}, this machine's tsc time over the budget's)`;
    if (over.length === 0) console.log(`\nEvery test file within its time budget${scaled}; durations in test-results/durations.json.`);
    else console.log(`\nTest files over their time budget${scaled}, a warning only:\n${over.join('\n')}\nDurations in test-results/durations.json.`);
  }
}

/** A file's wall time in its worker: environment, setup, import and its tests with their hooks. */
function fileSeconds(module: TestModule): number {
  const d = module.diagnostic();
  return Math.round((d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration) / 100) / 10;
}
