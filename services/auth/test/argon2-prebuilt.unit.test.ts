import { spawnSync } from 'node:child_process';
import path from 'node:path';

// The image has no compiler (deploy/Dockerfile): argon2 must load the binary it ships prebuilt for this
// platform on this Node. argon2 0.45's binaries need Node-API 10, which Node 20 lacks, so every install
// compiled it from source instead (docs/decisions.md); this fails if a version like that comes back.
describe('argon2 on this Node', () => {
  it('loads the prebuilt binary it ships, no compiled one needed', () => {
    const argon2Folder = path.dirname(require.resolve('argon2/package.json'));
    // PREBUILDS_ONLY: node-gyp-build ignores a build/ folder an earlier compile may have left.
    const child = spawnSync(process.execPath, ['-e', `require('node-gyp-build')(${JSON.stringify(argon2Folder)})`], {
      cwd: argon2Folder,
      env: { ...process.env, PREBUILDS_ONLY: '1' },
      encoding: 'utf8',
    });
    expect({ status: child.status, signal: child.signal, stderr: child.stderr }).toEqual({ status: 0, signal: null, stderr: '' });
  });
});
