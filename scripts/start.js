#!/usr/bin/env node
// `npm start` (embedded: one process, PGlite, in-process bus) and `npm run stack` (one process per
// service against PostgreSQL, NATS and Redis). Both build what is missing first.
const { execFileSync } = require('node:child_process');
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
  const { loadServiceRegistry } = require(path.join(root, 'packages/kit/dist/service-registry.js'));
  const { planStack, StackConfigError } = require(path.join(root, 'gateway/dist/stack-plan.js'));
  const { supervise } = require(path.join(root, 'gateway/dist/supervisor.js'));
  const env = { ...process.env };
  if (!env.JWT_SECRET) {
    env.JWT_SECRET = randomBytes(48).toString('base64url');
    console.warn('JWT_SECRET is not set: using a random secret for this run (sessions end when the stack stops).');
  }
  // Mail's links point at the gateway unless the deployment names its public address.
  env.PUBLIC_URL ??= `http://localhost:${env.PORT || 8080}`;
  // STACK_INSTANCES and <SERVICE>_PORT: a wrong one stops the stack before anything starts, naming it.
  let plan;
  try {
    plan = planStack(loadServiceRegistry(), env);
  } catch (err) {
    if (!(err instanceof StackConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
  const processes = plan.instances.map(({ name, service, port }) => ({
    name,
    script: path.join(root, `services/${service}/dist/main.js`),
    env: { ...env, PORT: String(port) },
  }));
  processes.push({ name: 'gateway', script: path.join(root, 'gateway/dist/main.js'), env: { ...env, ...plan.upstreams } });
  // A crashed process is started again with backoff; a signal stops them all, restarting none.
  const supervisor = supervise(processes);
  const stop = (signal) => void supervisor.stop(signal).then(() => process.exit(0));
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

build();
if (mode === 'stack') startStack();
else require(path.join(root, 'gateway/dist/embedded.main.js'));
