#!/usr/bin/env node
// `npm start` (embedded: one process, PGlite, in-process bus) and `npm run stack` (one process per
// service against PostgreSQL, NATS and Redis). Both build what is missing first.
const { execFileSync, spawn } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { existsSync } = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const mode = process.argv[2] ?? 'embedded';

function build() {
  // Incremental: a no-op in a second or two when nothing changed.
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-b'], { cwd: root, stdio: 'inherit' });
  if (!existsSync(path.join(root, 'web/dist/index.html'))) {
    console.log('Building the web app (first start only)...');
    execFileSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  }
}

function startStack() {
  const { SERVICES } = require(path.join(root, 'gateway/dist/services.js'));
  const env = { ...process.env };
  if (!env.JWT_SECRET) {
    env.JWT_SECRET = randomBytes(48).toString('base64url');
    console.warn('JWT_SECRET is not set: using a random secret for this run (sessions end when the stack stops).');
  }
  const children = [];
  const run = (name, script, extraEnv) => {
    const child = spawn(process.execPath, [path.join(root, script)], { env: { ...env, ...extraEnv }, stdio: 'inherit' });
    child.on('exit', (code, signal) => console.log(`${name} exited (${signal ?? code})`));
    children.push(child);
  };
  const upstreams = {};
  for (const [name, { stackPort }] of Object.entries(SERVICES)) {
    const port = Number(env[`${name.toUpperCase()}_PORT`] ?? stackPort);
    run(name, `services/${name}/dist/main.js`, { PORT: String(port) });
    upstreams[`${name.toUpperCase()}_URLS`] = env[`${name.toUpperCase()}_URLS`] ?? `http://127.0.0.1:${port}`;
  }
  run('gateway', 'gateway/dist/main.js', upstreams);
  const stop = (signal) => children.forEach((c) => c.exitCode === null && c.kill(signal));
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

build();
if (mode === 'stack') startStack();
else require(path.join(root, 'gateway/dist/embedded.main.js'));
