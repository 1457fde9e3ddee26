#!/usr/bin/env bash
# Proves the committed package-lock.json installs anywhere, on a copy of the tracked files (a fresh clone):
#   1. npm, resolving it again, writes it byte for byte (it is in sync with every package.json, and no
#      platform's optional binaries are missing: npm would add them);
#   2. it locks the binaries of every supported platform for every package that ships native binaries;
#   3. `npm ci` installs from it and leaves it unchanged.
# Uses the npm cache (--prefer-offline), so a second run downloads nothing. Fix a failure with scripts/relock.sh.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# A tracked file deleted in the working tree is left out of the copy.
git ls-files -z | tar --null --files-from=- --ignore-failed-read -cf - 2>/dev/null | tar -xf - -C "$scratch"
cp package-lock.json "$scratch/committed-lock.json"
cd "$scratch"

npm_flags=(--ignore-scripts --prefer-offline --loglevel=error)
npm install --package-lock-only "${npm_flags[@]}"
if ! cmp -s package-lock.json committed-lock.json; then
  echo "package-lock.json is not what npm writes for these package.json files: run scripts/relock.sh and commit the result" >&2
  node "$root/scripts/lockfile.js" compare committed-lock.json package-lock.json >&2 || true
  exit 1
fi
node "$root/scripts/lockfile.js" platforms package-lock.json
npm ci "${npm_flags[@]}"
if ! cmp -s package-lock.json committed-lock.json; then
  echo "npm ci changed package-lock.json" >&2
  exit 1
fi
echo "package-lock.json: npm ci installs it unchanged"
