#!/usr/bin/env bash
# `npm test`: the boundary rules (ARCHITECTURE.md, .dependency-cruiser.cjs), type checking, then the test
# suite, failing if any fails. tsc runs alone: its time is this machine's reference, against which the
# suite's own time is judged (machines differ twofold, so a number of seconds says little). At the end
# the suite's wall time is printed as a multiple of tsc's; tests/support/duration-budget-reporter.ts
# scales each file's budget by it.
set -u
now() { date +%s.%N; }
seconds() { awk -v from="$1" -v to="$2" 'BEGIN { printf "%.1f", to - from }'; }

npm run --silent lint:deps
boundaries=$?

started=$(now)
npx tsc --noEmit
typecheck=$?
typecheck_seconds=$(seconds "$started" "$(now)")

started=$(now)
PLAT_TEST_TYPECHECK_SECONDS=$typecheck_seconds npx vitest run --project unit --project unit-isolated --project dashboard --project dashboard-isolated --project e2e \
  --reporter=default --reporter=./tests/support/duration-budget-reporter.ts
tests=$?
vitest_seconds=$(seconds "$started" "$(now)")

ratio=$(awk -v v="$vitest_seconds" -v t="$typecheck_seconds" 'BEGIN { printf "%.1f", v / t }')
echo "Suite ${vitest_seconds} s = ${ratio} × tsc --noEmit alone (${typecheck_seconds} s) on this machine; the aim is at most 24 ×."
[ "$boundaries" -ne 0 ] && echo "Boundary rules broken (npm run lint:deps), see above."
[ "$typecheck" -ne 0 ] && echo "Type checking failed (tsc --noEmit), see above."
[ "$boundaries" -eq 0 ] && [ "$tests" -eq 0 ] && [ "$typecheck" -eq 0 ]
