#!/usr/bin/env bash
# Brings package-lock.json in line with the package.json files (after a merge that added or changed
# dependencies, or to settle a conflicted lock) while keeping every locked version that still fits its
# range, and keeping every platform's optional binaries (macOS, Linux glibc/musl, Windows) in the lock.
#
# npm drops other platforms' optional packages when it builds a lock with a node_modules folder present
# (it starts from what is installed here); so npm resolves the lock in a scratch folder holding only the
# package.json files and the lock. A lock with conflict markers is replaced by HEAD's before resolving.
# Prints what changed (added, removed, moved versions) and checks the platform binaries.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

if [ ! -f package-lock.json ]; then
  echo "package-lock.json is missing: restore it (git checkout HEAD -- package-lock.json) so the locked versions are kept" >&2
  exit 1
fi
if grep -qE '^(<<<<<<<|=======|>>>>>>>)' package-lock.json; then
  echo "package-lock.json has conflict markers: resolving from HEAD's lock and the merged package.json files"
  git show HEAD:package-lock.json >"$scratch/package-lock.json"
else
  cp package-lock.json "$scratch/package-lock.json"
fi
cp "$scratch/package-lock.json" "$scratch/before.json"

# Every package.json npm reads (the root and the workspaces, tracked or newly added) and the project's npm settings.
mkdir -p "$scratch/tree"
cp .npmrc "$scratch/tree/.npmrc"
git ls-files --cached --others --exclude-standard -- package.json '*/package.json' | sort -u | while read -r manifest; do
  mkdir -p "$scratch/tree/$(dirname "$manifest")"
  cp "$manifest" "$scratch/tree/$manifest"
done
mv "$scratch/package-lock.json" "$scratch/tree/package-lock.json"

(cd "$scratch/tree" && npm install --package-lock-only --ignore-scripts --prefer-offline)

(cd "$scratch" && node "$root/scripts/lockfile.js" compare before.json tree/package-lock.json)
(cd "$scratch/tree" && node "$root/scripts/lockfile.js" platforms package-lock.json)
cp "$scratch/tree/package-lock.json" package-lock.json
echo "package-lock.json rewritten ($(wc -l <package-lock.json) lines); scripts/check-lockfile.sh proves npm ci accepts it"
