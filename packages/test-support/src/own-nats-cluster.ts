import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { waitFor } from './polling';
import { freePort } from './ports';
import { accepts } from './own-nats';

/** A three-node NATS JetStream cluster of the test's own, on loopback: see startOwnNatsCluster. */
export interface OwnNatsCluster {
  /** Every node's client URL, comma-separated (the form NATS_URL takes). */
  urls: string;
  /** Every node's client URL, by node index. */
  servers: readonly string[];
  /** The nodes' server_name values, by node index (what JetStream names a leader by). */
  names: readonly string[];
  /** SIGKILLs node i (no clean shutdown: what a crash or a power loss looks like) and waits for it to be gone. */
  killNode(i: number): Promise<void>;
  /** Starts node i again on its ports and store, and waits until the cluster has a JetStream meta leader. */
  startNode(i: number): Promise<void>;
  /** The index of the node leading the stream's replicas now. */
  streamLeader(stream: string): Promise<number>;
  /** Stops every node and removes their stores. */
  stop(): Promise<void>;
}

const NODES = 3;
/** Elections take about 1.5 s on an idle machine; a loaded 2-core one needs far more. */
const READY_TIMEOUT_MS = 60_000;

interface Node {
  name: string;
  port: number;
  clusterPort: number;
  configFile: string;
  child?: ChildProcess;
}

async function distinctFreePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

/**
 * Three nats-server processes on free loopback ports, each with its own server_name, client port,
 * JetStream store and a cluster block routing to all three, for tests that need replicated streams
 * or kill a node: the machine's shared server is never touched. Resolves once the cluster has
 * elected a JetStream meta leader (streams can be created).
 */
export async function startOwnNatsCluster(): Promise<OwnNatsCluster> {
  const root = mkdtempSync(path.join(tmpdir(), 'own-nats-cluster-'));
  const ports = await distinctFreePorts(NODES * 2);
  const cluster = `own_${path.basename(root).replace(/[^A-Za-z0-9]/g, '_')}`;
  const nodes: Node[] = Array.from({ length: NODES }, (_, i) => ({
    name: `n${i}`,
    port: ports[i]!,
    clusterPort: ports[NODES + i]!,
    configFile: path.join(root, `n${i}.conf`),
  }));
  const routes = nodes.map((node) => `nats-route://127.0.0.1:${node.clusterPort}`);
  for (const node of nodes) {
    const store = path.join(root, node.name);
    mkdirSync(store);
    writeFileSync(
      node.configFile,
      [
        `server_name: ${node.name}`,
        `listen: 127.0.0.1:${node.port}`,
        `jetstream { store_dir: "${store}" }`,
        `cluster { name: ${cluster}, listen: 127.0.0.1:${node.clusterPort}, routes: [${routes.join(', ')}] }`,
        '',
      ].join('\n'),
    );
  }
  const servers = nodes.map((node) => `nats://127.0.0.1:${node.port}`);

  const nodeAt = (i: number): Node => {
    const node = nodes[i];
    if (!node) throw new Error(`no node ${i} in a cluster of ${NODES}`);
    return node;
  };

  const launch = async (node: Node): Promise<void> => {
    if (node.child && node.child.exitCode === null && node.child.signalCode === null) throw new Error(`node ${node.name} already runs`);
    const child = spawn('nats-server', ['-c', node.configFile], { stdio: 'ignore' });
    node.child = child;
    await waitFor(() => accepts(node.port), 10_000, `nats-server ${node.name} on port ${node.port}`);
  };

  const terminate = async (node: Node, signal: NodeJS.Signals): Promise<void> => {
    const child = node.child;
    node.child = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  };

  /** One connection to whichever nodes answer, for the cluster's own questions. */
  const withConnection = async <T>(ask: (nc: NatsConnection) => Promise<T>): Promise<T> => {
    const nc = await connect({ servers: [...servers], timeout: 2_000, reconnect: false });
    try {
      return await ask(nc);
    } finally {
      await nc.close();
    }
  };

  const metaLeaderElected = async (): Promise<boolean> => {
    try {
      // The account's JetStream info is answered by the meta leader only.
      return await withConnection(async (nc) => {
        await (await jetstreamManager(nc, { timeout: 2_000 })).getAccountInfo();
        return true;
      });
    } catch {
      return false;
    }
  };

  const stopAll = async (): Promise<void> => {
    await Promise.all(nodes.map((node) => terminate(node, 'SIGKILL')));
    rmSync(root, { recursive: true, force: true });
  };

  try {
    await Promise.all(nodes.map(launch));
    await waitFor(metaLeaderElected, READY_TIMEOUT_MS, 'a JetStream meta leader in the own NATS cluster');
  } catch (err) {
    await stopAll();
    throw err;
  }

  return {
    urls: servers.join(','),
    servers,
    names: nodes.map((node) => node.name),
    async killNode(i) {
      await terminate(nodeAt(i), 'SIGKILL');
    },
    async startNode(i) {
      await launch(nodeAt(i));
      await waitFor(metaLeaderElected, READY_TIMEOUT_MS, `a JetStream meta leader after node ${i} started`);
    },
    async streamLeader(stream) {
      const leader = await withConnection(async (nc) => (await (await jetstreamManager(nc)).streams.info(stream)).cluster?.leader);
      const index = nodes.findIndex((node) => node.name === leader);
      if (index < 0) throw new Error(`stream ${stream} has no leader among ${nodes.map((node) => node.name).join(', ')} (leader: ${String(leader)})`);
      return index;
    },
    stop: stopAll,
  };
}
