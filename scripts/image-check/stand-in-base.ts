import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import path from 'node:path';
import { CheckFailure, mustPodman, mustRun, podman, podmanEnv, run, seconds } from './commands';

/** The image deploy/Dockerfile builds FROM, as Docker Hub names it. */
export const BASE_IMAGE = 'docker.io/library/node:20-bookworm-slim';
/** Marks a base made by this check, so it never passes for Docker Hub's. */
const STAND_IN_LABEL = 'prospect-warriors.stand-in';
const DEBIAN_IMAGE = 'localhost/prospect-warriors-stand-in/debian:bookworm-minbase';
const SUITE = 'bookworm';

/** The Debian mirror this machine's apt sources name for bookworm (one-line .list or deb822 .sources files). */
export function debianMirror(): string {
  const dir = '/etc/apt/sources.list.d';
  const files = ['/etc/apt/sources.list', ...(existsSync(dir) ? readdirSync(dir).map((name) => path.join(dir, name)) : [])].filter((file) => existsSync(file));
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    if (file.endsWith('.sources')) {
      for (const paragraph of text.split(/\n\s*\n/)) {
        const field = (name: string) => new RegExp(`^${name}:\\s*(.+)$`, 'mi').exec(paragraph)?.[1]?.trim().split(/\s+/) ?? [];
        if (field('Types').includes('deb') && field('Suites').includes(SUITE) && field('URIs')[0]) return field('URIs')[0]!;
      }
    } else if (file.endsWith('.list') || file === '/etc/apt/sources.list') {
      const line = new RegExp(`^deb\\s+(?:\\[[^\\]]*\\]\\s+)?(\\S+)\\s+${SUITE}\\s`, 'm').exec(text);
      if (line) return line[1]!;
    }
  }
  throw new CheckFailure(`no Debian ${SUITE} mirror in this machine's apt sources (/etc/apt/sources.list, /etc/apt/sources.list.d): the stand-in base is made from one`);
}

/** This machine's Node installation, which the stand-in carries as Docker Hub's image carries its own. */
function localNode(): { node: string; npm: string; headers: string; version: string } {
  const version = process.versions.node;
  if (!version.startsWith('20.')) throw new CheckFailure(`the stand-in for node:20-bookworm-slim needs this machine's node to be 20.x, not ${version}`);
  const node = realpathSync(process.execPath);
  const headers = path.resolve(node, '../../include/node');
  // npm runs this script's parent process; its own package folder holds bin/npm-cli.js.
  const npmCli = process.env.npm_execpath;
  const npm = npmCli ? path.resolve(realpathSync(npmCli), '../..') : '';
  if (!npm || !existsSync(path.join(npm, 'package.json'))) throw new CheckFailure('npm not found: run the check with `npm run image:check`');
  if (!existsSync(path.join(headers, 'node.h'))) throw new CheckFailure(`Node's headers are not at ${headers}`);
  return { node, npm, headers, version };
}

/**
 * Makes sure deploy/Dockerfile's base image is here. No image registry is reachable from these machines,
 * so a stand-in is made once and kept: Debian bookworm (debootstrap minbase, from the apt sources' mirror)
 * with this machine's node 20, npm and Node's headers, and a `node` user (uid 1000), as Docker Hub's image has.
 */
export async function ensureBaseImage(): Promise<void> {
  if ((await podman(['image', 'exists', BASE_IMAGE])).code === 0) {
    const label = (await mustPodman('reading the base image', ['image', 'inspect', '--format', `{{index .Labels "${STAND_IN_LABEL}"}}`, BASE_IMAGE])).trim();
    console.log(label && label !== '<no value>' ? `base: the LOCAL STAND-IN for ${BASE_IMAGE} made by an earlier run (${label})` : `base: ${BASE_IMAGE} (found locally)`);
    return;
  }
  const local = localNode();
  const mirror = debianMirror();
  const started = Date.now();
  console.log(`base: ${BASE_IMAGE} is not here and no image registry is reachable: building a LOCAL STAND-IN for it`);
  console.log(`      (Debian ${SUITE} minbase from ${mirror} + this machine's node ${local.version}, npm, Node's headers and a node user; a few minutes, once)`);
  const work = mkdtempSync('/var/tmp/prospect-warriors-stand-in-');
  try {
    const rootfs = path.join(work, 'rootfs');
    await mustRun('debootstrap', 'debootstrap', ['--variant=minbase', SUITE, rootfs, mirror]);
    // Docker Hub's slim images keep no package lists or downloaded packages.
    for (const dir of ['var/cache/apt', 'var/lib/apt/lists']) rmSync(path.join(rootfs, dir), { recursive: true, force: true });
    await mustRun('importing the Debian root file system', 'bash', ['-o', 'pipefail', '-c', 'tar -C "$1" -c . | podman import - "$2"', 'import', rootfs, DEBIAN_IMAGE], {
      env: podmanEnv(),
    });
    const context = path.join(work, 'context');
    cpSync(local.node, path.join(context, 'node'));
    cpSync(local.npm, path.join(context, 'npm'), { recursive: true });
    cpSync(local.headers, path.join(context, 'include-node'), { recursive: true });
    const label = `debian ${SUITE} minbase + node ${local.version}, made ${new Date().toISOString()}`;
    await mustPodman('building the stand-in base', [
      'build',
      '--file',
      path.join(__dirname, 'stand-in-base.Containerfile'),
      '--build-arg',
      `DEBIAN_IMAGE=${DEBIAN_IMAGE}`,
      '--label',
      `${STAND_IN_LABEL}=${label}`,
      '--tag',
      BASE_IMAGE,
      context,
    ]);
    // The Debian image lives on as the stand-in's lower layers; only its name goes.
    await podman(['untag', DEBIAN_IMAGE]);
    console.log(`base: LOCAL STAND-IN built in ${seconds(Date.now() - started)}, tagged ${BASE_IMAGE} (deploy/Dockerfile builds unchanged)`);
  } finally {
    await run('rm', ['-rf', work]);
  }
}
