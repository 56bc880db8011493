#!/usr/bin/env bash
# `npm test`: the boundary rules (ARCHITECTURE.md, .dependency-cruiser.cjs) first, then type checking and
# the test suite side by side, failing if any fails. The suite keeps
# two cores only partly busy (much of it waits on servers, child processes and timers), so tsc's half
# minute of one core fits beside it. tsc's complaints are printed after the suite's report.
set -u
npm run --silent lint:deps
boundaries=$?
log=$(mktemp)
npx tsc --noEmit >"$log" 2>&1 &
typecheck_pid=$!
npx vitest run --project unit --project unit-isolated --project dashboard --project e2e
tests=$?
wait "$typecheck_pid"
typecheck=$?
if [ "$typecheck" -ne 0 ]; then
  echo "Type checking failed (tsc --noEmit):"
  cat "$log"
fi
rm -f "$log"
[ "$boundaries" -eq 0 ] && [ "$tests" -eq 0 ] && [ "$typecheck" -eq 0 ]
