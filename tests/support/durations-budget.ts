import { readFileSync } from 'node:fs';
import path from 'node:path';

/** tests/durations-budget.json: how long each test file may take, and the machine it was measured on. */
export interface DurationsBudget {
  /** `tsc --noEmit` alone on the machine the budgets were measured on, in seconds. */
  typecheckSeconds: number;
  /** Seconds per test file (its path relative to the repository), about three times what it took there. */
  files: Record<string, number>;
}

export const DURATIONS_BUDGET_FILE = path.join('tests', 'durations-budget.json');

export function readDurationsBudget(root: string): DurationsBudget {
  return JSON.parse(readFileSync(path.join(root, DURATIONS_BUDGET_FILE), 'utf8')) as DurationsBudget;
}
