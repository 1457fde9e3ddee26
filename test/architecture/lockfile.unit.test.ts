import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from './service-wiring';

// scripts/check-lockfile.sh installs from a copy of the repository (a minute); this checks the committed
// lock's platform binaries in a second, and that the checker finds what a pruned lock lacks.
const run = (...args: string[]) => {
  const result = spawnSync(process.execPath, [path.join(ROOT, 'scripts/lockfile.js'), ...args], { encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
};

const dir = mkdtempSync(path.join(tmpdir(), 'lockfile-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const lockFile = (packages: Record<string, object>) => {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify({ name: 'x', lockfileVersion: 3, requires: true, packages: { '': { name: 'x' }, ...packages } }));
  return file;
};

const BINARIES = {
  'native-darwin-x64': { os: ['darwin'], cpu: ['x64'] },
  'native-darwin-arm64': { os: ['darwin'], cpu: ['arm64'] },
  'native-linux-x64-gnu': { os: ['linux'], cpu: ['x64'], libc: ['glibc'] },
  'native-linux-x64-musl': { os: ['linux'], cpu: ['x64'], libc: ['musl'] },
  'native-linux-arm64-gnu': { os: ['linux'], cpu: ['arm64'], libc: ['glibc'] },
  'native-linux-arm64-musl': { os: ['linux'], cpu: ['arm64'], libc: ['musl'] },
  'native-win32-x64-msvc': { os: ['win32'], cpu: ['x64'] },
};
const nativeFamily = (binaries: Record<string, object>) => ({
  'node_modules/native': { version: '1.0.0', optionalDependencies: Object.fromEntries(Object.keys(BINARIES).map((name) => [name, '1.0.0'])) },
  ...Object.fromEntries(Object.entries(binaries).map(([name, platform]) => [`node_modules/${name}`, { version: '1.0.0', optional: true, ...platform }])),
});
const without = (name: string) => Object.fromEntries(Object.entries(BINARIES).filter(([binary]) => binary !== name));

describe('package-lock.json', () => {
  it('locks every supported platform’s binaries for @swc/core, unrs-resolver and every other native package', () => {
    const { status, output } = run('platforms', path.join(ROOT, 'package-lock.json'));
    expect(output).toContain('@swc/core');
    expect(output).toContain('unrs-resolver');
    expect(status).toBe(0);
  });
});

describe('the lockfile checker', () => {
  it('accepts a native package with one binary per supported platform', () => {
    expect(run('platforms', lockFile(nativeFamily(BINARIES))).status).toBe(0);
  });

  it('names an optional binary left out of the lock and the platform that loses it', () => {
    const { status, output } = run('platforms', lockFile(nativeFamily(without('native-darwin-arm64'))));
    expect(status).toBe(1);
    expect(output).toContain('node_modules/native: optional dependency native-darwin-arm64 is not in the lock');
    expect(output).toContain('node_modules/native: no binary for darwin-arm64 in the lock');
  });

  it('tells musl from glibc', () => {
    const { output } = run('platforms', lockFile(nativeFamily(without('native-linux-x64-musl'))));
    expect(output).toContain('no binary for linux-x64-musl');
    expect(output).not.toContain('no binary for linux-x64-glibc');
  });

  it('finds an optional dependency nested under the package that needs it', () => {
    const nested = {
      'node_modules/tool': { version: '1.0.0', optionalDependencies: { helper: '2.0.0' } },
      'node_modules/tool/node_modules/helper': { version: '2.0.0', optional: true },
    };
    expect(run('platforms', lockFile(nested)).status).toBe(0);
    expect(run('platforms', lockFile({ 'node_modules/tool': nested['node_modules/tool'] })).output).toContain('optional dependency helper is not in the lock');
  });

  it('reports the versions a relock moved, added and removed', () => {
    const before = lockFile({ 'node_modules/a': { version: '1.0.0' }, 'node_modules/b': { version: '1.0.0' } });
    const after = lockFile({ 'node_modules/a': { version: '1.1.0' }, 'node_modules/c': { version: '3.0.0', optional: true } });
    const { status, output } = run('compare', before, after);
    expect(status).toBe(0);
    expect(output).toContain('Version changed (1):\n  node_modules/a: 1.0.0 -> 1.1.0');
    expect(output).toContain('Added (1):\n  node_modules/c@3.0.0 (optional)');
    expect(output).toContain('Removed (1):\n  node_modules/b@1.0.0');
    expect(run('compare', before, before).output).toContain('No locked package added, removed or changed.');
  });

  it('refuses a file that is no lockfile', () => {
    const file = path.join(dir, 'conflicted.json');
    writeFileSync(file, '<<<<<<< HEAD\n{}\n=======\n{}\n>>>>>>> theirs\n');
    const { status, output } = run('platforms', file);
    expect(status).toBe(1);
    expect(output).toContain('not a readable JSON lockfile');
  });
});
