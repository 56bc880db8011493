// Writes tests/durations-budget.json from a run's test-results/durations.json (written by `npm test`,
// tests/support/duration-budget-reporter.ts): each file's time there, times three, at least 5 s, with
// that machine's `tsc --noEmit` time beside them. Files the run did not time keep their budget.
// Usage: node scripts/test-durations-budget.mjs <seconds tsc --noEmit took alone on that machine>
import { readFileSync, writeFileSync } from 'node:fs';

const typecheckSeconds = Number(process.argv[2]);
if (!(typecheckSeconds > 0)) throw new Error('usage: node scripts/test-durations-budget.mjs <tsc --noEmit seconds>');
const measured = JSON.parse(readFileSync('test-results/durations.json', 'utf8'));
const budgetFile = 'tests/durations-budget.json';
const before = JSON.parse(readFileSync(budgetFile, 'utf8'));
const files = { ...before.files };
for (const [file, seconds] of Object.entries(measured)) files[file] = Math.max(5, Math.ceil(seconds * 3));
const sorted = Object.fromEntries(Object.entries(files).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(budgetFile, `${JSON.stringify({ typecheckSeconds, files: sorted }, null, 2)}\n`);
