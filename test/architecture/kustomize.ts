import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments, parse as parseYaml } from 'yaml';

/** One Kubernetes object as YAML gives it. */
export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [field: string]: unknown;
}

/**
 * The part of kustomize that deploy/k8s uses: resources (files, or folders holding a kustomization),
 * namespace and images. A kustomization using anything else is refused, so this renderer and
 * `kubectl kustomize` cannot silently disagree: whoever adds a patch or a generator extends this first.
 */
const SUPPORTED_FIELDS = new Set(['apiVersion', 'kind', 'resources', 'namespace', 'images']);
const SUPPORTED_IMAGE_FIELDS = new Set(['name', 'newName', 'newTag']);

/** Kinds without a namespace, which kustomize's namespace transformer leaves alone. */
const CLUSTER_SCOPED = new Set(['Namespace', 'ClusterRole', 'ClusterRoleBinding', 'CustomResourceDefinition', 'PriorityClass', 'StorageClass', 'PersistentVolume']);

interface ImageRule {
  name: string;
  newName?: string;
  newTag?: string;
}

interface Kustomization {
  resources?: string[];
  namespace?: string;
  images?: ImageRule[];
}

export function readManifests(file: string): KubeObject[] {
  return parseAllDocuments(readFileSync(file, 'utf8')).flatMap((document) => {
    if (document.errors.length > 0) throw new Error(`${file}: ${document.errors.map((error) => error.message).join('; ')}`);
    const object = document.toJS() as KubeObject | null;
    return object === null ? [] : [object];
  });
}

function readKustomization(dir: string): Kustomization {
  const file = path.join(dir, 'kustomization.yaml');
  const kustomization = parseYaml(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const unsupported = Object.keys(kustomization).filter((field) => !SUPPORTED_FIELDS.has(field));
  if (unsupported.length > 0) throw new Error(`${file}: ${unsupported.join(', ')} not supported by this renderer (test/architecture/kustomize.ts)`);
  for (const rule of (kustomization.images ?? []) as ImageRule[]) {
    const unknown = Object.keys(rule).filter((field) => !SUPPORTED_IMAGE_FIELDS.has(field));
    if (unknown.length > 0) throw new Error(`${file}: images.${unknown.join(', ')} not supported by this renderer`);
  }
  return kustomization as Kustomization;
}

/** Every container of a workload's pod template (or of a bare Pod). */
export function containersOf(object: KubeObject): Array<Record<string, unknown>> {
  const spec = object.spec as { template?: { spec?: PodSpecLike } } & PodSpecLike;
  const podSpec = object.kind === 'Pod' ? spec : spec?.template?.spec;
  return [...(podSpec?.initContainers ?? []), ...(podSpec?.containers ?? [])];
}

interface PodSpecLike {
  containers?: Array<Record<string, unknown>>;
  initContainers?: Array<Record<string, unknown>>;
}

/** "repo/name:tag" → its name and tag (a registry port's colon is not a tag). */
function splitImage(image: string): { name: string; tag?: string } {
  const lastColon = image.lastIndexOf(':');
  if (lastColon > image.lastIndexOf('/')) return { name: image.slice(0, lastColon), tag: image.slice(lastColon + 1) };
  return { name: image };
}

function applyImages(objects: KubeObject[], rules: ImageRule[]): void {
  for (const container of objects.flatMap(containersOf)) {
    const { name, tag } = splitImage(String(container.image));
    const rule = rules.find((candidate) => candidate.name === name);
    if (!rule) continue;
    const newTag = rule.newTag ?? tag;
    container.image = `${rule.newName ?? name}${newTag === undefined ? '' : `:${newTag}`}`;
  }
}

/** What `kubectl kustomize <dir>` prints, as objects, for the fields listed above. */
export function renderKustomization(dir: string): KubeObject[] {
  const kustomization = readKustomization(dir);
  const objects = (kustomization.resources ?? []).flatMap((resource) => {
    const target = path.resolve(dir, resource);
    return statSync(target).isDirectory() ? renderKustomization(target) : readManifests(target);
  });
  if (kustomization.namespace) {
    for (const object of objects) if (!CLUSTER_SCOPED.has(object.kind)) object.metadata.namespace = kustomization.namespace;
  }
  applyImages(objects, kustomization.images ?? []);
  return objects;
}
