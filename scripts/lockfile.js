#!/usr/bin/env node
// Reads package-lock.json files without installing anything (plain Node, no dependencies), for
// scripts/relock.sh and scripts/check-lockfile.sh:
//   node scripts/lockfile.js platforms <lock>       every native-binary package carries the binaries of every
//                                                   supported platform, and every optional dependency is locked
//   node scripts/lockfile.js compare <old> <new>    what a relock added, removed and moved to another version
// Exits 1 with the reasons on stderr when a check fails.
const { readFileSync } = require('node:fs');

/** The platforms a developer, CI or the image may install on: an `npm ci` there must find its binaries in the lock. */
const SUPPORTED_PLATFORMS = [
  { os: 'darwin', cpu: 'x64' },
  { os: 'darwin', cpu: 'arm64' },
  { os: 'linux', cpu: 'x64', libc: 'glibc' },
  { os: 'linux', cpu: 'x64', libc: 'musl' },
  { os: 'linux', cpu: 'arm64', libc: 'glibc' },
  { os: 'linux', cpu: 'arm64', libc: 'musl' },
  { os: 'win32', cpu: 'x64' },
];

const platformName = ({ os, cpu, libc }) => [os, cpu, libc].filter(Boolean).join('-');

function readLock(file) {
  let lock;
  try {
    lock = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    fail([`${file}: not a readable JSON lockfile (${error.message})`]);
  }
  if (lock.lockfileVersion < 2 || typeof lock.packages !== 'object') fail([`${file}: lockfileVersion ${lock.lockfileVersion}: expected 2 or 3 (a "packages" map)`]);
  return lock.packages;
}

function fail(reasons) {
  for (const reason of reasons) console.error(`  ${reason}`);
  process.exit(1);
}

/** Where Node would find `name` from the package at `from`: its own node_modules, then each enclosing one up to the root. */
function resolveFrom(packages, from, name) {
  let folder = from;
  for (;;) {
    const candidate = `${folder ? `${folder}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return packages[candidate];
    if (!folder) return undefined;
    const parent = folder.lastIndexOf('/node_modules/');
    folder = parent < 0 ? '' : folder.slice(0, parent);
  }
}

const installsOn = (entry, { os, cpu, libc }) =>
  (!entry.os || entry.os.includes(os)) && (!entry.cpu || entry.cpu.includes(cpu)) && (!libc || !entry.libc || entry.libc.includes(libc));

/** Problems with the platform packages of one lock; a package with two or more os/cpu-restricted optional dependencies ships native binaries. */
function platformProblems(packages) {
  const problems = [];
  const families = [];
  for (const [location, entry] of Object.entries(packages)) {
    const optionalNames = Object.keys(entry.optionalDependencies ?? {});
    const missing = optionalNames.filter((name) => !resolveFrom(packages, location, name));
    for (const name of missing) problems.push(`${location}: optional dependency ${name} is not in the lock`);
    const binaries = optionalNames.map((name) => resolveFrom(packages, location, name)).filter((found) => found && (found.os || found.cpu));
    if (binaries.length < 2) continue;
    families.push(location.replace(/^.*node_modules\//, ''));
    for (const platform of SUPPORTED_PLATFORMS) {
      if (!binaries.some((binary) => installsOn(binary, platform))) problems.push(`${location}: no binary for ${platformName(platform)} in the lock`);
    }
  }
  return { problems, families };
}

/** The version each locked location had before and after, for every location whose version or presence changed. */
function compareLocks(before, after) {
  const changed = [];
  const added = [];
  const removed = [];
  for (const [location, entry] of Object.entries(before)) {
    if (!after[location]) removed.push(`${location}@${entry.version}${entry.optional ? ' (optional)' : ''}`);
    else if (after[location].version !== entry.version) changed.push(`${location}: ${entry.version} -> ${after[location].version}`);
  }
  for (const [location, entry] of Object.entries(after)) {
    if (!before[location]) added.push(`${location}@${entry.version}${entry.optional ? ' (optional)' : ''}`);
  }
  return { changed, added, removed };
}

const [command, ...files] = process.argv.slice(2);
if (command === 'platforms' && files.length === 1) {
  const { problems, families } = platformProblems(readLock(files[0]));
  if (problems.length > 0) {
    console.error(`${files[0]}: ${problems.length} platform problem(s):`);
    fail(problems);
  }
  console.log(`${files[0]}: binaries for ${SUPPORTED_PLATFORMS.map(platformName).join(', ')} locked for ${families.join(', ')}`);
} else if (command === 'compare' && files.length === 2) {
  const { changed, added, removed } = compareLocks(readLock(files[0]), readLock(files[1]));
  const list = (title, lines) => lines.length > 0 && console.log(`${title} (${lines.length}):\n${lines.map((line) => `  ${line}`).join('\n')}`);
  list('Added', added);
  list('Removed', removed);
  list('Version changed', changed);
  if (added.length + removed.length + changed.length === 0) console.log('No locked package added, removed or changed.');
  if (changed.length > 0) console.log('A changed version is expected only where a package.json range no longer admits the old one.');
} else {
  console.error('Usage: node scripts/lockfile.js platforms <package-lock.json> | compare <old-lock> <new-lock>');
  process.exit(2);
}
