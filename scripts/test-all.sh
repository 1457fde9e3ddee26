#!/usr/bin/env bash
# The README's test command. On a fresh Debian machine it installs what the tests need, builds,
# then checks the container image (npm run image:check) and runs every layer (unit, integration, system, web,
# browser), and ends with one line:
# "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  # Exactly the locked versions; a lock out of sync with a package.json stops here (scripts/relock.sh fixes it).
  npm ci --no-audit --no-fund || exit 1
fi
bash scripts/ensure-infra.sh || exit 1
npm run build --silent || exit 1
# The checks read the built tree and none changes it: they run side by side (on two cores the type check and
# the linter are each one process), and each one's output is shown once it ended, in this order. The
# type check (web app, tests, scripts and k6 scenarios; the build covers the packages) must pass to go on;
# lint, formatting and the lockfile count as failures in the last line, like a failing test, and the
# tests still run.
checks=$(mktemp -d)
trap 'rm -rf "$checks"' EXIT
in_background() {
  local name=$1
  shift
  { "$@" > "$checks/$name.log" 2>&1; echo $? > "$checks/$name.status"; } &
}
in_background typecheck npm run typecheck --silent
in_background lint npm run lint --silent
in_background format npm run format:check --silent
in_background lockfile bash scripts/check-lockfile.sh
wait
check_passed() {
  cat "$checks/$1.log"
  [ "$(cat "$checks/$1.status")" = 0 ]
}
check_passed typecheck || exit 1
check_failures=()
check_passed lint || check_failures+=("lint: npm run lint reports errors (above)")
check_passed format || check_failures+=("format: files not formatted (listed above; npm run format fixes them)")
check_passed lockfile || check_failures+=("lockfile: package-lock.json does not install anywhere (above; scripts/relock.sh fixes it)")
report_check_failures() {
  for failure in "${check_failures[@]}"; do echo "FAILED $failure"; done
}
report_check_failures

# The image: built and run from every entry point (npm run image:check, without its own build: the tree
# is built above); alone, as its containers' start-up is timed. It counts as one test, passed or failed.
checks_passed=0
if npx tsx scripts/image-check.ts; then
  checks_passed=1
else
  check_failures+=("image: npm run image:check failed (above)")
fi

mkdir -p artifacts
report=artifacts/jest-results.json
# PGlite loads its WebAssembly with a dynamic import, which jest allows only with this flag.
NODE_OPTIONS=--experimental-vm-modules npx jest --maxWorkers=2 --json --outputFile="$report" "$@"
status=$?
if [ ${#check_failures[@]} -gt 0 ]; then
  report_check_failures
  [ $status -eq 0 ] && status=1
fi

if [ -f "$report" ]; then
  node -e '
    const r = require(require("path").resolve(process.argv[1]));
    const failedSuites = r.testResults.filter((s) => s.status === "failed" && s.assertionResults.length === 0).length;
    console.log(`${r.numPassedTests + Number(process.argv[3])} passed, ${r.numFailedTests + failedSuites + Number(process.argv[2])} failed`);
  ' "$report" "${#check_failures[@]}" "$checks_passed"
else
  echo "$checks_passed passed, $((1 + ${#check_failures[@]})) failed"
fi
exit $status
