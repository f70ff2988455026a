// The deployment files checked offline (no cluster, no Docker daemon): every Kubernetes object of
// each overlay against the Kubernetes API schemas (kubernetes-models) or, for the CloudNativePG
// Cluster, against test/deploy/cnpg-cluster-schema.ts; then what a schema cannot see: probes on
// paths the service frame serves and ports the services listen on (env defaults included),
// Services and URLs that reach the right container, resources on every container, a
// PodDisruptionBudget for every Deployment, pinned images, the migration Job running db:migrate,
// settings that parse, and docker-compose.yml with its load balancer. docs/deployment.md.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import YAML from 'yaml';
import * as coreV1 from 'kubernetes-models/v1';
import * as appsV1 from 'kubernetes-models/apps/v1';
import * as batchV1 from 'kubernetes-models/batch/v1';
import * as policyV1 from 'kubernetes-models/policy/v1';
import { ENV_VARS, EnvName, readEnv } from '../../platform/config/env';
import { createServiceApp, listen } from '../../platform/http/service-app';
import { PLATFORM_NODE_FLAGS } from '../../app/node-flags';
import { cnpgClusterSchema } from './cnpg-cluster-schema';
import { K8sObject, kustomizeBuild } from './kustomize';

const ROOT = path.resolve(__dirname, '../..');
const KUBERNETES = path.join(ROOT, 'deploy/kubernetes');
const OVERLAYS = fs.readdirSync(path.join(KUBERNETES, 'overlays')).sort();

/** The settings docs/deployment.md tells operators to put in the vigil-secrets Secret (the ones a
 * process would otherwise generate into a local state folder of its own). */
const REQUIRED_SECRETS = ['VIGIL_INTERNAL_SECRET', 'VIGIL_MASTER_KEY', 'VIGIL_OPERATOR_TOKEN', 'VIGIL_AUDIT_SIGNING_KEY'] as const;
const DUMMY_SECRETS: Record<(typeof REQUIRED_SECRETS)[number], string> = {
  VIGIL_INTERNAL_SECRET: 'internal-secret-for-the-manifests-test',
  VIGIL_MASTER_KEY: Buffer.alloc(32, 7).toString('base64'),
  VIGIL_OPERATOR_TOKEN: 'operator-token-for-the-manifests-test',
  VIGIL_AUDIT_SIGNING_KEY: 'audit-key-for-the-manifests-test',
};

/** The services `npm start -- --service a,b` knows (app/start-platform.ts SERVICE_NAMES, read from
 * the source: importing it would load every subgraph) and the variable naming each one's port. */
const SERVICE_NAMES = (() => {
  const source = fs.readFileSync(path.join(ROOT, 'app/start-platform.ts'), 'utf8');
  const list = /export const SERVICE_NAMES = \[([^\]]*)\] as const/.exec(source)?.[1];
  if (!list) throw new Error('SERVICE_NAMES not found in app/start-platform.ts');
  return [...list.matchAll(/'([a-z-]+)'/g)].map((match) => match[1]);
})();
const PORT_VARIABLE: Record<string, EnvName> = {
  'rest-adapter': 'VIGIL_REST_PORT',
  gateway: 'VIGIL_GATEWAY_PORT',
  profiles: 'VIGIL_PROFILES_PORT',
  idv: 'VIGIL_IDV_PORT',
  screening: 'VIGIL_SCREENING_PORT',
  risk: 'VIGIL_RISK_PORT',
  access: 'VIGIL_ACCESS_PORT',
  worker: 'VIGIL_WORKER_PORT',
};
const URL_VARIABLE: Record<string, string> = {
  VIGIL_PROFILES_URL: 'profiles',
  VIGIL_IDV_URL: 'idv',
  VIGIL_SCREENING_URL: 'screening',
  VIGIL_RISK_URL: 'risk',
  VIGIL_ACCESS_URL: 'access',
  VIGIL_GATEWAY_URL: 'gateway',
};

// ── Kubernetes object shapes the checks read (validated against the API schemas first) ──
interface Probe {
  httpGet?: { path?: string; port: number | string };
  [key: string]: unknown;
}
interface Container {
  name: string;
  image: string;
  command?: string[];
  args?: string[];
  ports?: { name?: string; containerPort: number }[];
  env?: { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  startupProbe?: Probe;
  [key: string]: unknown;
}
interface PodTemplate {
  metadata: { labels: Record<string, string> };
  spec: { containers: Container[]; initContainers?: Container[]; [key: string]: unknown };
}
interface Workload extends K8sObject {
  spec: { replicas?: number; selector?: { matchLabels: Record<string, string> }; template: PodTemplate; [key: string]: unknown };
}

const MODELS: Record<string, Record<string, unknown>> = {
  v1: coreV1,
  'apps/v1': appsV1,
  'batch/v1': batchV1,
  'policy/v1': policyV1,
};

/** Throws naming the object when it does not match its API schema. */
function validateObject(object: K8sObject): void {
  const where = `${object.kind} ${object.metadata?.name}`;
  if (object.apiVersion === 'postgresql.cnpg.io/v1') {
    const result = cnpgClusterSchema.safeParse(object);
    if (!result.success) throw new Error(`${where}: ${result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    return;
  }
  const Model = MODELS[object.apiVersion]?.[object.kind] as (new (data: unknown) => { validate(): void }) | undefined;
  if (!Model) throw new Error(`${where}: no schema for ${object.apiVersion} ${object.kind}`);
  try {
    new Model(object).validate();
  } catch (error) {
    throw new Error(`${where}: ${(error as Error).message}`, { cause: error });
  }
}

// kubernetes-models checks types, formats and required fields but lets unknown fields through; the
// API server (strict field validation) refuses them. For the parts written by hand most often, a
// misspelt field fails here.
const KNOWN_FIELDS: Record<string, string[]> = {
  container: [
    'name',
    'image',
    'imagePullPolicy',
    'command',
    'args',
    'workingDir',
    'ports',
    'env',
    'envFrom',
    'resources',
    'resizePolicy',
    'restartPolicy',
    'volumeMounts',
    'volumeDevices',
    'livenessProbe',
    'readinessProbe',
    'startupProbe',
    'lifecycle',
    'terminationMessagePath',
    'terminationMessagePolicy',
    'securityContext',
    'stdin',
    'stdinOnce',
    'tty',
  ],
  probe: [
    'exec',
    'httpGet',
    'tcpSocket',
    'grpc',
    'initialDelaySeconds',
    'timeoutSeconds',
    'periodSeconds',
    'successThreshold',
    'failureThreshold',
    'terminationGracePeriodSeconds',
  ],
  httpGet: ['path', 'port', 'host', 'scheme', 'httpHeaders'],
  resources: ['limits', 'requests', 'claims'],
  lifecycle: ['postStart', 'preStop', 'stopSignal'],
};

function unknownFields(kind: keyof typeof KNOWN_FIELDS, value: object | undefined, where: string): string[] {
  if (!value) return [];
  return Object.keys(value)
    .filter((key) => !KNOWN_FIELDS[kind].includes(key))
    .map((key) => `${where}: unknown field ${key}`);
}

function containerFieldProblems(container: Container, where: string): string[] {
  const problems = unknownFields('container', container, where);
  problems.push(...unknownFields('resources', container.resources, `${where}.resources`));
  problems.push(...unknownFields('lifecycle', container.lifecycle as object | undefined, `${where}.lifecycle`));
  for (const kind of ['readinessProbe', 'livenessProbe', 'startupProbe'] as const) {
    problems.push(...unknownFields('probe', container[kind], `${where}.${kind}`));
    problems.push(...unknownFields('httpGet', container[kind]?.httpGet, `${where}.${kind}.httpGet`));
  }
  return problems;
}

const builds = new Map(OVERLAYS.map((overlay) => [overlay, kustomizeBuild(path.join(KUBERNETES, 'overlays', overlay))]));
const of = <T extends K8sObject>(objects: K8sObject[], kind: string) => objects.filter((o) => o.kind === kind) as T[];
const workloads = (objects: K8sObject[]) => [...of<Workload>(objects, 'Deployment'), ...of<Workload>(objects, 'Job')];
const matches = (selector: Record<string, string>, labels: Record<string, string>) =>
  Object.entries(selector).every(([key, value]) => labels[key] === value);
const commandOf = (container: Container) => [...(container.command ?? []), ...(container.args ?? [])];
/** The services a container runs: the value after --service. */
function servicesOf(container: Container): string[] {
  const command = commandOf(container);
  const index = command.indexOf('--service');
  return index < 0 ? [] : command[index + 1].split(',');
}

/** The environment a container starts with: its ConfigMaps, its own values, the documented
 * secrets (dummy values) and a database URL for the secret reference. */
function containerEnv(container: Container, objects: K8sObject[]): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const source of container.envFrom ?? []) {
    if (source.configMapRef) {
      const configMap = of<K8sObject & { data: Record<string, string> }>(objects, 'ConfigMap').find(
        (c) => c.metadata.name === source.configMapRef!.name,
      );
      if (!configMap) throw new Error(`${container.name}: no ConfigMap ${source.configMapRef.name}`);
      Object.assign(env, configMap.data);
    }
    if (source.secretRef) Object.assign(env, DUMMY_SECRETS);
  }
  for (const variable of container.env ?? []) {
    env[variable.name] =
      variable.value ?? (variable.name === 'DATABASE_URL' ? 'postgresql://vigil:secret@vigil-pg-rw.vigil:5432/vigil' : 'x');
  }
  return env;
}

/** The port a service of this container listens on: its variable, or the declared default. */
function listeningPort(service: string, env: NodeJS.ProcessEnv): number | undefined {
  const variable = PORT_VARIABLE[service];
  const raw = env[variable];
  return ENV_VARS[variable].schema.parse(raw === '' ? undefined : raw) as number | undefined;
}

function containerPort(container: Container, port: number | string): number | undefined {
  return typeof port === 'number' ? port : container.ports?.find((p) => p.name === port)?.containerPort;
}

describe.each(OVERLAYS)('deploy/kubernetes/overlays/%s', (overlay) => {
  const objects = builds.get(overlay)!;

  it('builds, and every object matches its API schema', () => {
    expect(objects.length).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const object of objects) {
      try {
        validateObject(object);
      } catch (error) {
        problems.push((error as Error).message);
      }
    }
    for (const workload of workloads(objects))
      for (const container of workload.spec.template.spec.containers)
        problems.push(...containerFieldProblems(container, `${workload.kind} ${workload.metadata.name} ${container.name}`));
    expect(problems).toEqual([]);
    // Everything lands in the overlay's namespace; no Secret is committed.
    expect(objects.filter((o) => !o.metadata.namespace)).toEqual([]);
    expect(of(objects, 'Secret')).toEqual([]);
  });

  it('is what kubectl kustomize builds (where kubectl is installed)', () => {
    if (spawnSync('kubectl', ['version', '--client'], { stdio: 'ignore' }).status !== 0) return;
    const built = YAML.parseAllDocuments(
      execFileSync('kubectl', ['kustomize', path.join(KUBERNETES, 'overlays', overlay)], { encoding: 'utf8' }),
    ).map((doc) => doc.toJS() as K8sObject);
    const key = (o: K8sObject) => `${o.kind}/${o.metadata.name}`;
    const byKey = (list: K8sObject[]) => Object.fromEntries(list.map((o) => [key(o), o]));
    expect(byKey(objects)).toEqual(byKey(built));
  });

  it('runs every service of the platform, each in a container that knows it', () => {
    const running = workloads(objects).flatMap((w) => w.spec.template.spec.containers.flatMap(servicesOf));
    for (const service of running) expect(SERVICE_NAMES).toContain(service);
    expect([...new Set(running)].sort()).toEqual([...SERVICE_NAMES].sort());
    // Each service once: two Deployments serving one subgraph would split its replicas.
    expect(running.length).toBe(new Set(running).size);
  });

  it("starts every platform container with npm start's V8 settings", () => {
    const startScript = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
      .scripts.start;
    expect(startScript).toBe(['node', ...PLATFORM_NODE_FLAGS, '--import', 'tsx', 'app/main.ts'].join(' '));
    const platformContainers = workloads(objects)
      .flatMap((w) => w.spec.template.spec.containers)
      .filter((c) => commandOf(c).includes('app/main.ts'));
    expect(platformContainers.length).toBeGreaterThan(0);
    for (const container of platformContainers)
      expect(commandOf(container).slice(0, 4 + PLATFORM_NODE_FLAGS.length)).toEqual([
        'node',
        ...PLATFORM_NODE_FLAGS,
        '--import',
        'tsx',
        'app/main.ts',
      ]);
  });

  it('gives every container pinned images, memory and CPU requests and a memory limit', () => {
    const clusters = of<K8sObject & { spec: { imageName?: string } }>(objects, 'Cluster');
    const images = [
      ...workloads(objects).flatMap((w) => w.spec.template.spec.containers.map((c) => c.image)),
      ...clusters.map((c) => c.spec.imageName ?? ''),
    ];
    for (const image of images) expect(image).toMatch(/^[^:@\s]+(:[A-Za-z0-9_][A-Za-z0-9_.-]*|@sha256:[0-9a-f]{64})$/);
    expect(images.filter((image) => image.endsWith(':latest'))).toEqual([]);
    for (const workload of workloads(objects)) {
      for (const container of workload.spec.template.spec.containers) {
        const where = `${workload.metadata.name}/${container.name}`;
        const { requests = {}, limits = {} } = container.resources ?? {};
        expect({ where, memory: Boolean(requests.memory), cpu: Boolean(requests.cpu), limit: Boolean(limits.memory) }).toEqual({
          where,
          memory: true,
          cpu: true,
          limit: true,
        });
        expect(bytes(requests.memory)).toBeLessThanOrEqual(bytes(limits.memory));
      }
    }
  });

  it('probes every long-running container on paths the service frame serves and ports its services listen on', async () => {
    const probed = new Set<string>();
    for (const deployment of of<Workload>(objects, 'Deployment')) {
      for (const container of deployment.spec.template.spec.containers) {
        const where = `${deployment.metadata.name}/${container.name}`;
        const env = containerEnv(container, objects);
        const ports = new Set(servicesOf(container).map((service) => listeningPort(service, env)));
        expect({
          where,
          readiness: Boolean(container.readinessProbe?.httpGet),
          liveness: Boolean(container.livenessProbe?.httpGet),
        }).toEqual({
          where,
          readiness: true,
          liveness: true,
        });
        // Liveness asks only whether the process answers: a database failover must not restart pods.
        expect({ where, liveness: container.livenessProbe!.httpGet!.path }).toEqual({ where, liveness: '/healthz' });
        expect({ where, readiness: container.readinessProbe!.httpGet!.path }).toEqual({ where, readiness: '/readyz' });
        for (const probe of [container.readinessProbe, container.livenessProbe, container.startupProbe]) {
          if (!probe?.httpGet) continue;
          const port = containerPort(container, probe.httpGet.port);
          expect({ where, port, listening: ports.has(port) }).toEqual({ where, port, listening: true });
          probed.add(probe.httpGet.path!);
        }
        // Every declared container port is one its services listen on.
        for (const port of container.ports ?? [])
          expect({ where, port: port.containerPort, listening: ports.has(port.containerPort) }).toEqual({
            where,
            port: port.containerPort,
            listening: true,
          });
      }
    }
    // The paths answer on the real service frame (platform/http/service-app.ts).
    const server = await listen(
      createServiceApp('probe-check', async () => undefined),
      0,
    );
    try {
      for (const probePath of probed)
        expect({ probePath, status: (await fetch(`${server.url}${probePath}`)).status }).toEqual({ probePath, status: 200 });
    } finally {
      await server.close();
    }
  });

  it('covers every Deployment with a PodDisruptionBudget that selects its pods', () => {
    const budgets = of<K8sObject & { spec: { selector: { matchLabels: Record<string, string> }; maxUnavailable?: number } }>(
      objects,
      'PodDisruptionBudget',
    );
    for (const deployment of of<Workload>(objects, 'Deployment')) {
      const labels = deployment.spec.template.metadata.labels;
      expect(matches(deployment.spec.selector!.matchLabels, labels)).toBe(true);
      const budget = budgets.filter((b) => matches(b.spec.selector.matchLabels, labels));
      expect({ deployment: deployment.metadata.name, budgets: budget.length }).toEqual({
        deployment: deployment.metadata.name,
        budgets: 1,
      });
      // One pod at a time may go: with one replica a drain can still proceed, with more it never
      // takes the last ones serving.
      expect(budget[0].spec.maxUnavailable).toBe(1);
    }
  });

  it('routes every Service and every service URL to a container that serves it', () => {
    const deployments = of<Workload>(objects, 'Deployment');
    const services = of<
      K8sObject & { spec: { selector: Record<string, string>; ports: { name: string; port: number; targetPort: string | number }[] } }
    >(objects, 'Service');
    const target = (serviceName: string, port: number) => {
      const service = services.find((s) => s.metadata.name === serviceName);
      if (!service) throw new Error(`no Service ${serviceName}`);
      const selected = deployments.filter((d) => matches(service.spec.selector, d.spec.template.metadata.labels));
      expect({ service: serviceName, deployments: selected.length }).toEqual({ service: serviceName, deployments: 1 });
      const servicePort = service.spec.ports.find((p) => p.port === port);
      if (!servicePort) throw new Error(`Service ${serviceName} has no port ${port}`);
      const container = selected[0].spec.template.spec.containers[0];
      return { container, port: containerPort(container, servicePort.targetPort) };
    };
    for (const service of services)
      for (const port of service.spec.ports) expect(target(service.metadata.name, port.port).port).toBeDefined();
    const config = of<K8sObject & { data: Record<string, string> }>(objects, 'ConfigMap').find((c) => c.metadata.name === 'vigil-config')!;
    for (const [variable, service] of Object.entries(URL_VARIABLE)) {
      const url = new URL(config.data[variable]);
      const { container, port } = target(url.hostname.split('.')[0], Number(url.port));
      expect({ variable, serves: servicesOf(container).includes(service) }).toEqual({ variable, serves: true });
      expect({ variable, port }).toEqual({ variable, port: listeningPort(service, containerEnv(container, objects)) });
    }
  });

  it('starts every container with settings that are declared and parse, and that need no local state folder', () => {
    const localDir = path.join(os.tmpdir(), `vigil-manifests-${process.pid}-${overlay}`);
    for (const workload of workloads(objects)) {
      for (const container of workload.spec.template.spec.containers) {
        const env = containerEnv(container, objects);
        for (const name of Object.keys(env)) expect({ name, declared: name in ENV_VARS }).toEqual({ name, declared: true });
        expect(() => readEnv(env)).not.toThrow();
        if (servicesOf(container).length) expectNoLocalState(env, localDir);
      }
    }
  });

  it('reads the database URL from the secret CloudNativePG makes for the Cluster', () => {
    const clusters = of<K8sObject>(objects, 'Cluster');
    expect(clusters).toHaveLength(1);
    for (const workload of workloads(objects)) {
      for (const container of workload.spec.template.spec.containers) {
        const database = container.env?.find((e) => e.name === 'DATABASE_URL');
        expect({ container: container.name, ref: database?.valueFrom?.secretKeyRef }).toEqual({
          container: container.name,
          ref: { name: `${clusters[0].metadata.name}-app`, key: 'uri' },
        });
      }
    }
  });

  it('migrates with a Job running the db:migrate script', () => {
    const jobs = of<Workload>(objects, 'Job');
    expect(jobs).toHaveLength(1);
    const script = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts[
      'db:migrate'
    ];
    // `tsx prisma/migrate.ts deploy` run as node --import tsx (the same loader, without npm).
    const [runner, ...rest] = script.split(' ');
    expect(runner).toBe('tsx');
    expect(commandOf(jobs[0].spec.template.spec.containers[0])).toEqual(['node', '--import', 'tsx', ...rest]);
    expect(jobs[0].spec.template.spec.restartPolicy).toBe('Never');
  });
});

describe('deploy/kubernetes/overlays/ha', () => {
  const objects = builds.get('ha')!;

  it('runs two or more of every Deployment, PostgreSQL on three instances with a synchronous standby', () => {
    for (const deployment of of<Workload>(objects, 'Deployment'))
      expect({ name: deployment.metadata.name, replicas: (deployment.spec.replicas ?? 1) >= 2 }).toEqual({
        name: deployment.metadata.name,
        replicas: true,
      });
    const cluster = of<
      K8sObject & { spec: { instances: number; postgresql?: { synchronous?: { number: number; dataDurability?: string } } } }
    >(objects, 'Cluster')[0];
    expect(cluster.spec.instances).toBe(3);
    // The operator warns that a failover may lose writes not yet replicated without it.
    expect(cluster.spec.postgresql?.synchronous).toMatchObject({ number: 1, dataDurability: 'required' });
  });
});

describe('the CloudNativePG Cluster schema', () => {
  const cluster = kustomizeBuild(path.join(KUBERNETES, 'overlays', 'ha')).find((o) => o.kind === 'Cluster')!;
  const spec = cluster.spec as Record<string, unknown>;

  it('refuses a misspelt field, a missing instance count and too many synchronous standbys', () => {
    expect(cnpgClusterSchema.safeParse(cluster).success).toBe(true);
    expect(cnpgClusterSchema.safeParse({ ...cluster, spec: { ...spec, instance: 3 } }).success).toBe(false);
    const { instances: _instances, ...withoutInstances } = spec;
    expect(cnpgClusterSchema.safeParse({ ...cluster, spec: withoutInstances }).success).toBe(false);
    expect(cnpgClusterSchema.safeParse({ ...cluster, spec: { ...spec, instances: 1 } }).success).toBe(false);
    expect(cnpgClusterSchema.safeParse({ ...cluster, spec: { ...spec, primaryUpdateMethod: 'rolling' } }).success).toBe(false);
  });
});

describe('docs/deployment.md', () => {
  const doc = fs.readFileSync(path.join(ROOT, 'docs/deployment.md'), 'utf8');

  it('tells operators to put every required secret in vigil-secrets and in the compose environment', () => {
    const command = /create secret generic vigil-secrets[^`]*?(?=```)/s.exec(doc)?.[0] ?? '';
    for (const name of REQUIRED_SECRETS) {
      expect({ name, kubernetes: command.includes(`--from-literal=${name}=`) }).toEqual({ name, kubernetes: true });
      expect({ name, compose: doc.includes(`${name}=`) }).toEqual({ name, compose: true });
    }
  });
});

describe('docker-compose.yml', () => {
  const compose = YAML.parse(fs.readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
    services: Record<
      string,
      {
        image?: string;
        command?: string[];
        environment?: Record<string, string>;
        depends_on?: Record<string, unknown>;
        healthcheck?: { test: string[] };
        ports?: string[];
        deploy?: { replicas?: string | number };
        volumes?: string[];
      }
    >;
  };
  const services = compose.services;
  /** ${VAR:-default} and ${VAR:?message} as Compose interpolates them, with the documented secrets set. */
  const interpolate = (value: string) =>
    String(value).replace(/\$\{([A-Z_]+)(?::([-?])([^}]*))?\}/g, (_all, name: string, kind?: string, rest?: string) => {
      const secret = DUMMY_SECRETS[name as keyof typeof DUMMY_SECRETS];
      if (secret) return secret;
      if (kind === '-') return rest ?? '';
      throw new Error(`docker-compose.yml needs ${name}`);
    });
  const envOf = (name: string) => Object.fromEntries(Object.entries(services[name].environment ?? {}).map(([k, v]) => [k, interpolate(v)]));
  const vigilServices = Object.keys(services).filter((name) => services[name].command?.includes('--service'));

  it('refers only to services it has, and runs every platform service', () => {
    for (const [name, service] of Object.entries(services))
      for (const dependency of Object.keys(service.depends_on ?? {}))
        expect({ name, dependency, known: dependency in services }).toEqual({ name, dependency, known: true });
    const running = vigilServices.flatMap((name) => servicesOf({ name, image: '', command: services[name].command }));
    expect([...running].sort()).toEqual([...SERVICE_NAMES].sort());
  });

  it('checks the health of every platform service on a port it listens on, with settings that parse', () => {
    const localDir = path.join(os.tmpdir(), `vigil-compose-${process.pid}`);
    for (const name of vigilServices) {
      const env = envOf(name);
      for (const variable of Object.keys(env)) expect({ variable, declared: variable in ENV_VARS }).toEqual({ variable, declared: true });
      expect(() => readEnv(env)).not.toThrow();
      const ports = servicesOf({ name, image: '', command: services[name].command }).map((service) => listeningPort(service, env));
      const probe = /http:\/\/127\.0\.0\.1:(\d+)\/readyz/.exec(services[name].healthcheck?.test.join(' ') ?? '');
      expect({ name, probed: probe ? ports.includes(Number(probe[1])) : false }).toEqual({ name, probed: true });
      expectNoLocalState(env, localDir);
    }
  });

  it('publishes only the load balancer, which spreads over the web replicas', () => {
    const published = Object.entries(services).filter(([, service]) => service.ports?.length);
    expect(published.map(([name]) => name)).toEqual(['lb']);
    expect(services.lb.image).toMatch(/^nginx:\d+\.\d+\.\d+$/);
    const mount = services.lb.volumes!.find((volume) => volume.endsWith(':/etc/nginx/nginx.conf:ro'))!;
    const nginx = fs.readFileSync(path.join(ROOT, mount.split(':')[0]), 'utf8');
    const web = envOf('web');
    for (const [published, service] of [
      ['3000', 'rest-adapter'],
      ['4000', 'gateway'],
    ]) {
      expect(services.lb.ports).toContain(`${published}:${published}`);
      expect(nginx).toContain(`listen ${published};`);
      expect(nginx).toContain(`web:${listeningPort(service, web)};`);
    }
    expect(String(services.web.deploy?.replicas)).toBe('${VIGIL_WEB_REPLICAS:-2}');
  });
});

/** A process started with this environment (DATABASE_URL set) must not write a local state folder:
 * the image's is not writable, and replicas must share their secrets rather than make their own. */
function expectNoLocalState(env: NodeJS.ProcessEnv, localDir: string): void {
  // Without a database URL it would start an embedded PostgreSQL instead.
  expect(env.DATABASE_URL).toMatch(/^postgresql:\/\//);
  const previous = process.env.VIGIL_LOCAL_DIR;
  process.env.VIGIL_LOCAL_DIR = localDir;
  try {
    jest.isolateModules(() => {
      // LOCAL_DIR is read when the module loads.
      const { prepareLocalEnvironment } =
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded after VIGIL_LOCAL_DIR is set, in an isolated registry
        require('../../platform/config/local-environment') as typeof import('../../platform/config/local-environment');
      void prepareLocalEnvironment({ ...env });
    });
  } finally {
    if (previous === undefined) delete process.env.VIGIL_LOCAL_DIR;
    else process.env.VIGIL_LOCAL_DIR = previous;
  }
  expect({ localDir, written: fs.existsSync(localDir) }).toEqual({ localDir, written: false });
}

/** A memory quantity in bytes ("384Mi", "1Gi"). */
function bytes(quantity: string | undefined): number {
  const match = /^(\d+(?:\.\d+)?)(Ki|Mi|Gi|Ti|k|M|G|T)?$/.exec(quantity ?? '');
  if (!match) throw new Error(`not a memory quantity: ${quantity}`);
  const unit = { Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40, k: 1e3, M: 1e6, G: 1e9, T: 1e12 }[match[2] ?? ''] ?? 1;
  return Number(match[1]) * unit;
}
