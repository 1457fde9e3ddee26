import { execFileSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

describe('k6 scenarios', () => {
  it('type-check against @types/k6', () => {
    // Throws with tsc's report when a scenario does not compile.
    expect(() => execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', path.join(ROOT, 'k6/tsconfig.json')], { cwd: ROOT, stdio: 'pipe' })).not.toThrow();
  });
});
