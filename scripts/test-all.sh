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
# The web app, the tests, the scripts and the k6 scenarios are type-checked too (the build covers the packages).
npm run typecheck --silent || exit 1

# Lint, formatting and the lockfile count as failures in the last line, like a failing test; the tests still run.
check_failures=()
npm run lint --silent || check_failures+=("lint: npm run lint reports errors (above)")
npm run format:check --silent || check_failures+=("format: files not formatted (listed above; npm run format fixes them)")
bash scripts/check-lockfile.sh || check_failures+=("lockfile: package-lock.json does not install anywhere (above; scripts/relock.sh fixes it)")
report_check_failures() {
  for failure in "${check_failures[@]}"; do echo "FAILED $failure"; done
}
report_check_failures

# The image: built and run from every entry point (npm run image:check); it counts as one test, passed or failed.
checks_passed=0
if npm run image:check --silent; then
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
