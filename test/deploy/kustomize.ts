// `kustomize build` for the subset deploy/kubernetes uses (resources, namespace, strategic-merge
// patches by path, images as `kustomize edit set image` writes them), in TypeScript, so the manifests test needs no kustomize binary. Anything else
// in a kustomization.yaml is refused, so an overlay that starts using another feature fails here
// instead of being built wrongly. Where kubectl is installed the test compares this build with
// `kubectl kustomize` object by object.
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; [key: string]: unknown };
  [key: string]: unknown;
}

const SUPPORTED = new Set(['apiVersion', 'kind', 'resources', 'namespace', 'patches', 'images']);

/** The objects a kustomization directory produces, in the order kustomize emits resources. */
export function kustomizeBuild(dir: string): K8sObject[] {
  const file = path.join(dir, 'kustomization.yaml');
  const kustomization = YAML.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  const unsupported = Object.keys(kustomization).filter((key) => !SUPPORTED.has(key));
  if (unsupported.length) throw new Error(`${file}: ${unsupported.join(', ')} not supported by test/deploy/kustomize.ts`);
  const objects: K8sObject[] = [];
  for (const resource of (kustomization.resources as string[] | undefined) ?? []) {
    const target = path.resolve(dir, resource);
    objects.push(...(fs.statSync(target).isDirectory() ? kustomizeBuild(target) : readObjects(target)));
  }
  for (const patch of (kustomization.patches as { path?: string }[] | undefined) ?? []) {
    if (!patch.path || Object.keys(patch).length !== 1) throw new Error(`${file}: only patches given by path are supported`);
    for (const doc of readObjects(path.resolve(dir, patch.path))) {
      const index = objects.findIndex((o) => o.kind === doc.kind && o.metadata.name === doc.metadata.name);
      if (index < 0) throw new Error(`${patch.path}: no ${doc.kind} ${doc.metadata.name} to patch`);
      objects[index] = strategicMerge(objects[index], doc, isBuiltIn(objects[index])) as K8sObject;
    }
  }
  for (const image of (kustomization.images as ImageOverride[] | undefined) ?? []) {
    for (const object of objects) for (const container of containersOf(object)) container.image = overrideImage(container.image, image);
  }
  const namespace = kustomization.namespace as string | undefined;
  if (namespace) for (const object of objects) object.metadata = { ...object.metadata, namespace };
  return objects;
}

export function readObjects(file: string): K8sObject[] {
  return YAML.parseAllDocuments(fs.readFileSync(file, 'utf8'))
    .map((doc) => {
      if (doc.errors.length) throw new Error(`${file}: ${doc.errors[0].message}`);
      return doc.toJS() as K8sObject | null;
    })
    .filter((object): object is K8sObject => object !== null);
}

/** Kinds of the Kubernetes API itself get strategic merge (lists of named items merged by name);
 * custom resources (the CloudNativePG Cluster) get a JSON merge patch, as kustomize does. */
function isBuiltIn(object: K8sObject): boolean {
  return !object.apiVersion.split('/')[0].includes('.') || /\.k8s\.io\//.test(object.apiVersion);
}

function isMap(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function strategicMerge(base: unknown, patch: unknown, builtIn: boolean): unknown {
  if (isMap(base) && isMap(patch)) {
    const merged: Record<string, unknown> = { ...base };
    for (const [key, value] of Object.entries(patch)) {
      if (value === null) delete merged[key];
      else merged[key] = key in base ? strategicMerge(base[key], value, builtIn) : value;
    }
    return merged;
  }
  // Lists of named items (containers, env, volumes, ports) merge by name; other lists are replaced.
  if (builtIn && Array.isArray(base) && Array.isArray(patch) && [...base, ...patch].every((item) => isMap(item) && 'name' in item)) {
    const merged = [...(base as Record<string, unknown>[])];
    for (const item of patch as Record<string, unknown>[]) {
      const index = merged.findIndex((existing) => existing.name === item.name);
      if (index < 0) merged.push(item);
      else merged[index] = strategicMerge(merged[index], item, builtIn) as Record<string, unknown>;
    }
    return merged;
  }
  return patch;
}

interface ImageOverride {
  name: string;
  newName?: string;
  newTag?: string;
  digest?: string;
}

function containersOf(object: K8sObject): { image: string }[] {
  const spec = (
    object.spec as { template?: { spec?: { containers?: { image: string }[]; initContainers?: { image: string }[] } } } | undefined
  )?.template?.spec;
  return [...(spec?.containers ?? []), ...(spec?.initContainers ?? [])];
}

/** The images transformer: an image whose name (without tag or digest) is `name` gets the new name,
 * tag or digest. */
function overrideImage(image: string, override: ImageOverride): string {
  const match = /^([^@]+?)(?::([^:/@]+))?(?:@(.+))?$/.exec(image);
  if (!match || match[1] !== override.name) return image;
  const name = override.newName ?? match[1];
  if (override.digest) return `${name}@${override.digest}`;
  const tag = override.newTag ?? match[2];
  return tag ? `${name}:${tag}` : name;
}
