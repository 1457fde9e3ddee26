import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { z } from 'zod';
import { loadServiceRegistry, SHUTDOWN_GRACE_MS, upstreamVariable } from '@warriors/kit';
import { GatewayEnv } from '../../gateway/src/config';
import { containersOf, readManifests, renderKustomization, type KubeObject } from './kustomize';
import { schemaProblems, unknownFieldProblems } from './kubernetes-validation';
import { ROOT } from './service-wiring';

const K8S = path.join(ROOT, 'deploy', 'k8s');
const OVERLAY = path.join(K8S, 'overlays', 'production');
/** The Secret made by hand (docs/operations.md, "Kubernetes"); the repository holds none. */
const SECRET = 'prospect-warriors';
const IMAGE = 'prospect-warriors';

const registry = loadServiceRegistry();
const processes = [
  { name: 'gateway', port: 8080, entry: 'gateway/dist/main.js' },
  ...registry.services.map((service) => ({ name: service.name, port: service.port, entry: `services/${service.name}/dist/main.js` })),
];
const objects = renderKustomization(OVERLAY);

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { configMapKeyRef?: { name: string; key: string; optional?: boolean }; secretKeyRef?: { name: string; key: string; optional?: boolean } };
}
interface Probe {
  httpGet?: { path: string; port: string | number };
}
interface Container {
  name: string;
  image: string;
  args?: string[];
  command?: string[];
  ports?: Array<{ name?: string; containerPort: number }>;
  env?: EnvVar[];
  envFrom?: Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>;
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  lifecycle?: { preStop?: { exec?: { command: string[] } } };
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: { readOnlyRootFilesystem?: boolean; allowPrivilegeEscalation?: boolean };
}
interface Deployment extends KubeObject {
  spec: {
    replicas?: number;
    selector: { matchLabels: Record<string, string> };
    template: {
      metadata: { labels: Record<string, string>; annotations?: Record<string, string> };
      spec: { terminationGracePeriodSeconds?: number; securityContext?: { runAsNonRoot?: boolean }; containers: Container[] };
    };
  };
}
interface Service extends KubeObject {
  spec: { type?: string; selector: Record<string, string>; ports: Array<{ name: string; port: number; targetPort: string | number }> };
}

const ofKind = <T extends KubeObject>(kind: string) => objects.filter((object): object is T => object.kind === kind);
const named = <T extends KubeObject>(kind: string, name: string) => ofKind<T>(kind).find((object) => object.metadata.name === name);
const deployment = (name: string) => named<Deployment>('Deployment', name)!;
const containerOf = (name: string) => deployment(name).spec.template.spec.containers[0]!;
const selects = (selector: Record<string, string>, labels: Record<string, string>) => Object.entries(selector).every(([key, value]) => labels[key] === value);

/** What the repository holds, not what installs and runs make. */
const NOT_SOURCES = new Set(['node_modules', '.git', 'dist', 'artifacts', 'data']);

function yamlFilesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return NOT_SOURCES.has(entry) ? [] : yamlFilesUnder(full);
    return /\.ya?ml$/.test(entry) ? [full] : [];
  });
}

/** The variables each process reads at start: its environment schema (kit's, extended in a service's src/config.ts). */
async function variablesReadBy(name: string): Promise<Set<string>> {
  if (name === 'gateway') return new Set(Object.keys(GatewayEnv.shape));
  const config = path.join(ROOT, 'services', name, 'src', 'config.ts');
  const { ServiceProcessEnv } = await import('@warriors/kit');
  const schemas: z.ZodObject[] = [ServiceProcessEnv];
  if (existsSync(config)) {
    const exports = (await import(config)) as Record<string, unknown>;
    schemas.push(...Object.values(exports).filter((value): value is z.ZodObject => typeof value === 'object' && value !== null && 'shape' in value));
  }
  return new Set(schemas.flatMap((schema) => Object.keys(schema.shape)));
}

describe('the Kubernetes manifests (deploy/k8s)', () => {
  it('render to objects the Kubernetes API accepts: types, formats and required fields', () => {
    expect(objects.length).toBeGreaterThan(0);
    expect(schemaProblems(objects)).toEqual([]);
  });

  it('use no field name the Kubernetes API does not know', () => {
    expect(unknownFieldProblems(objects)).toEqual([]);
  });

  it('would be refused with a misspelt field, a wrong type or a missing required field', () => {
    const misspelt = structuredClone(deployment('activity')) as KubeObject & { spec: Record<string, unknown> };
    misspelt.spec.replica = 2;
    expect(unknownFieldProblems([misspelt])).toEqual([
      { object: 'Deployment/activity', message: expect.stringContaining("'\"replica\"' does not exist in type 'DeploymentSpec'") },
    ]);

    const mistyped = structuredClone(deployment('auth'));
    (mistyped.spec as Record<string, unknown>).replicas = 'two';
    expect(schemaProblems([mistyped])).toEqual([{ object: 'Deployment/auth', message: expect.stringContaining('/spec/replicas must be integer') }]);

    const incomplete = structuredClone(named<Service>('Service', 'auth')!);
    delete (incomplete.spec.ports[0] as Partial<Service['spec']['ports'][0]>).port;
    expect(schemaProblems([incomplete])).toEqual([{ object: 'Service/auth', message: '/spec/ports/0 must have required property port' }]);
  });

  it('run the gateway and every registry service from the one image, each with its entry point, in the namespace', () => {
    for (const { name, entry } of processes) {
      const container = containerOf(name);
      expect({ name, image: container.image }).toEqual({ name, image: expect.stringMatching(new RegExp(`(^|/)${IMAGE}:[\\w][\\w.-]*$`)) });
      // args replace the image's CMD only, as docker-compose.yml's command does.
      expect({ name, command: container.command, args: container.args }).toEqual({ name, command: undefined, args: ['node', entry] });
      expect(existsSync(path.join(ROOT, entry.replace('/dist/', '/src/').replace(/\.js$/, '.ts')))).toBe(true);
    }
    expect(objects.filter((object) => object.metadata.namespace !== 'prospect-warriors')).toEqual([]);
  });

  it('give each process a ClusterIP Service on its registry port (the gateway 8080), named http, selecting its pods', () => {
    for (const { name, port } of processes) {
      const service = named<Service>('Service', name);
      expect(service).toBeDefined();
      expect(service!.spec.type ?? 'ClusterIP').toBe('ClusterIP');
      const [servicePort] = service!.spec.ports;
      const container = containerOf(name);
      expect({ name, servicePort: servicePort?.name, port: servicePort?.port, containerPorts: container.ports }).toEqual({
        name,
        servicePort: 'http',
        port,
        containerPorts: [{ name: 'http', containerPort: port }],
      });
      expect(servicePort!.targetPort === 'http' || servicePort!.targetPort === port).toBe(true);
      expect(container.env).toContainEqual({ name: 'PORT', value: String(port) });
      expect(selects(service!.spec.selector, deployment(name).spec.template.metadata.labels)).toBe(true);
      expect(selects(deployment(name).spec.selector.matchLabels, deployment(name).spec.template.metadata.labels)).toBe(true);
    }
  });

  it('point the gateway’s <SERVICE>_URLS at each service’s Service and port', () => {
    const env = containerOf('gateway').env ?? [];
    for (const service of registry.services) {
      const variable = env.find((candidate) => candidate.name === upstreamVariable(service.name));
      expect({ variable: upstreamVariable(service.name), found: variable !== undefined }).toEqual({ variable: upstreamVariable(service.name), found: true });
      for (const url of variable!.value!.split(',').map((one) => new URL(one.trim()))) {
        // http://<service>:<port> in the namespace, or http://<service>.<namespace>.svc[.cluster.local]:<port>
        const [host, namespace, svc] = url.hostname.split('.');
        expect({ url: url.href, host, port: Number(url.port), protocol: url.protocol }).toEqual({
          url: url.href,
          host: service.name,
          port: named<Service>('Service', service.name)!.spec.ports[0]!.port,
          protocol: 'http:',
        });
        if (namespace !== undefined) expect([namespace, svc]).toEqual(['prospect-warriors', 'svc']);
      }
    }
  });

  it('probe readiness on /readyz and liveness on /healthz on the http port', () => {
    for (const { name } of processes) {
      const container = containerOf(name);
      expect({ name, readiness: container.readinessProbe?.httpGet, liveness: container.livenessProbe?.httpGet }).toEqual({
        name,
        readiness: { path: '/readyz', port: 'http' },
        liveness: { path: '/healthz', port: 'http' },
      });
    }
  });

  it('give each process a grace period longer than its preStop sleep plus the drain before it exits anyway', () => {
    for (const { name } of processes) {
      const pod = deployment(name).spec.template.spec;
      const [sleep, seconds] = pod.containers[0]!.lifecycle?.preStop?.exec?.command ?? [];
      expect({ name, sleep }).toEqual({ name, sleep: 'sleep' });
      expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(Number(seconds) + SHUTDOWN_GRACE_MS / 1000);
    }
  });

  it('run every process as a non-root user on a read-only root file system, with resources requested and limited', () => {
    for (const { name, port } of processes) {
      const pod = deployment(name).spec.template;
      const container = pod.spec.containers[0]!;
      expect({ name, nonRoot: pod.spec.securityContext?.runAsNonRoot, ...container.securityContext }).toEqual(
        expect.objectContaining({ name, nonRoot: true, readOnlyRootFilesystem: true, allowPrivilegeEscalation: false }),
      );
      expect(Object.keys(container.resources?.requests ?? {}).sort()).toEqual(['cpu', 'memory']);
      expect(container.resources?.limits?.memory).toBeDefined();
      expect(pod.metadata.annotations).toEqual(expect.objectContaining({ 'prometheus.io/scrape': 'true', 'prometheus.io/port': String(port), 'prometheus.io/path': '/metrics' }));
    }
  });

  it('scale activity and the gateway with autoscaling/v2 HorizontalPodAutoscalers on Deployments that leave the count to them', () => {
    const autoscalers = ofKind<KubeObject & { spec: { scaleTargetRef: { apiVersion: string; kind: string; name: string }; minReplicas?: number } }>('HorizontalPodAutoscaler');
    for (const name of ['activity', 'gateway']) expect(autoscalers.map((hpa) => hpa.spec.scaleTargetRef.name)).toContain(name);
    for (const hpa of autoscalers) {
      expect(hpa.apiVersion).toBe('autoscaling/v2');
      expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: hpa.spec.scaleTargetRef.name });
      const target = deployment(hpa.spec.scaleTargetRef.name);
      expect(target).toBeDefined();
      // A replicas field would reset the autoscaler's count on every apply.
      expect({ name: target.metadata.name, replicas: target.spec.replicas }).toEqual({ name: target.metadata.name, replicas: undefined });
      expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
    }
  });

  it('keep a PodDisruptionBudget for every process, each selecting that process’s pods', () => {
    const budgets = ofKind<KubeObject & { spec: { selector: { matchLabels: Record<string, string> }; minAvailable?: unknown; maxUnavailable?: unknown } }>('PodDisruptionBudget');
    for (const budget of budgets) {
      // The API refuses a budget with both, which no schema says.
      expect({ budget: budget.metadata.name, bounds: ['minAvailable', 'maxUnavailable'].filter((bound) => bound in budget.spec).length }).toEqual({
        budget: budget.metadata.name,
        bounds: 1,
      });
      const selected = ofKind<Deployment>('Deployment').filter((candidate) => selects(budget.spec.selector.matchLabels, candidate.spec.template.metadata.labels));
      expect({ budget: budget.metadata.name, selects: selected.map((one) => one.metadata.name) }).toEqual({ budget: budget.metadata.name, selects: [budget.metadata.name] });
    }
    expect(budgets.map((budget) => budget.metadata.name).sort()).toEqual(processes.map((one) => one.name).sort());
  });

  it('take configuration from ConfigMaps that exist with the keys named, and secrets from the Secret made by hand', () => {
    const configMaps = new Map(ofKind<KubeObject & { data?: Record<string, string> }>('ConfigMap').map((map) => [map.metadata.name, map.data ?? {}]));
    const missing: string[] = [];
    const secretKeys = new Set<string>();
    for (const container of objects.flatMap(containersOf) as unknown as Container[]) {
      for (const source of container.envFrom ?? []) {
        if (source.configMapRef && !configMaps.has(source.configMapRef.name)) missing.push(`${container.name}: ConfigMap ${source.configMapRef.name}`);
        if (source.secretRef && source.secretRef.name !== SECRET) missing.push(`${container.name}: Secret ${source.secretRef.name}`);
      }
      for (const variable of container.env ?? []) {
        const fromMap = variable.valueFrom?.configMapKeyRef;
        if (fromMap && !configMaps.has(fromMap.name)) missing.push(`${container.name}: ConfigMap ${fromMap.name}`);
        else if (fromMap && !fromMap.optional && configMaps.get(fromMap.name)![fromMap.key] === undefined) missing.push(`${container.name}: ${fromMap.name}.${fromMap.key}`);
        const fromSecret = variable.valueFrom?.secretKeyRef;
        if (fromSecret && fromSecret.name !== SECRET) missing.push(`${container.name}: Secret ${fromSecret.name}`);
        if (fromSecret) secretKeys.add(fromSecret.key);
      }
    }
    expect(missing).toEqual([]);
    // The documented command makes every key the manifests read.
    const operations = readFileSync(path.join(ROOT, 'docs', 'operations.md'), 'utf8');
    const command = /kubectl create secret generic prospect-warriors[^`]*?(?=\n\s*```)/s.exec(operations)?.[0] ?? '';
    expect([...secretKeys].filter((key) => !command.includes(`--from-literal=${key}=`)).sort()).toEqual([]);
  });

  it('leave the repository without a Secret holding a value', () => {
    const secrets = yamlFilesUnder(ROOT)
      .flatMap((file) => readManifests(file).map((object) => ({ file: path.relative(ROOT, file), object })))
      .filter(({ object }) => object.kind === 'Secret');
    expect(secrets.filter(({ object }) => 'data' in object || 'stringData' in object).map(({ file }) => file)).toEqual([]);
  });

  it('set only variables the process reads', async () => {
    const unread: string[] = [];
    for (const { name } of processes) {
      const reads = await variablesReadBy(name);
      for (const variable of containerOf(name).env ?? []) if (!reads.has(variable.name)) unread.push(`${name}: ${variable.name}`);
    }
    expect(unread).toEqual([]);
  });

  it('point NATS_URL and REDIS_SENTINELS at the servers the infrastructure values create', () => {
    const config = named<KubeObject & { data: Record<string, string> }>('ConfigMap', 'prospect-warriors')!.data;
    const nats = parseYaml(readFileSync(path.join(K8S, 'infra', 'nats-values.yaml'), 'utf8')) as {
      config: { cluster: { enabled: boolean; replicas: number }; jetstream: { enabled: boolean; fileStore: { enabled: boolean }; merge: Record<string, unknown> } };
    };
    expect(nats.config.cluster).toEqual(expect.objectContaining({ enabled: true, replicas: 3 }));
    expect(nats.config.jetstream).toEqual(expect.objectContaining({ enabled: true, fileStore: expect.objectContaining({ enabled: true }), merge: { sync_interval: 'always' } }));
    const natsServers = Array.from({ length: nats.config.cluster.replicas }, (_, index) => `nats://nats-${index}.nats-headless:4222`);
    expect(config.NATS_URL!.split(',')).toEqual(natsServers);
    expect(Number(config.NATS_STREAM_REPLICAS)).toBe(nats.config.cluster.replicas);

    const redis = parseYaml(readFileSync(path.join(K8S, 'infra', 'redis-values.yaml'), 'utf8')) as {
      replica: { replicaCount: number };
      sentinel: { enabled: boolean; masterSet: string };
    };
    expect(redis.sentinel.enabled).toBe(true);
    expect(config.REDIS_SENTINEL_MASTER).toBe(redis.sentinel.masterSet);
    const sentinels = Array.from({ length: redis.replica.replicaCount }, (_, index) => `redis-node-${index}.redis-headless:26379`);
    expect(config.REDIS_SENTINELS!.split(',')).toEqual(sentinels);

    const [postgres] = readManifests(path.join(K8S, 'infra', 'postgres-cluster.yaml')) as Array<KubeObject & { spec: { instances: number } }>;
    expect({ apiVersion: postgres!.apiVersion, kind: postgres!.kind, instances: postgres!.spec.instances }).toEqual({
      apiVersion: 'postgresql.cnpg.io/v1',
      kind: 'Cluster',
      instances: 3,
    });
  });
});
