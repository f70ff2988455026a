// docker cannot run on the build machines, so the compose file and Dockerfile are kept honest
// by checking them against the code: every service command must exist and start a real service.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { SERVICE_NAMES } from '../../app/start-platform';
import { composeSupergraph, SUBGRAPH_NAMES } from '../../gateway/supergraph';

const root = path.resolve(__dirname, '../..');
const compose = parse(fs.readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<
    string,
    { command?: string[]; environment?: Record<string, string>; healthcheck?: { test: string[] }; build?: string; image?: string }
  >;
};
const scripts = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

describe('docker-compose.yml', () => {
  it('has postgres and one service per Vigil service', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['migrate', 'postgres', ...SERVICE_NAMES].sort());
  });

  it.each(Object.entries(compose.services).filter(([name]) => name !== 'postgres'))('%s runs a command that exists', (name, service) => {
    const command = service.command!;
    expect(command[0]).toBe('npm');
    const script = command[1] === 'run' ? command[2] : command[1];
    expect(scripts[script]).toBeDefined();
    const serviceFlag = command.indexOf('--service');
    if (serviceFlag >= 0) {
      expect(command[serviceFlag + 1]).toBe(name);
      expect(SERVICE_NAMES).toContain(name);
    }
    expect(service.environment?.DATABASE_URL).toMatch(/^postgresql:\/\/.*@postgres:5432\//);
  });

  it('healthchecks probe the port each service listens on', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      if (!service.healthcheck || name === 'postgres') continue;
      const portVariable = Object.entries(service.environment ?? {}).find(([key]) => /^VIGIL_[A-Z]+_PORT$/.test(key));
      expect([name, service.healthcheck.test.join(' ')]).toEqual([name, expect.stringContaining(`127.0.0.1:${portVariable![1]}/readyz`)]);
    }
  });

  it('points the gateway at every subgraph by URL', () => {
    const env = compose.services.gateway.environment!;
    for (const name of SUBGRAPH_NAMES)
      expect(env[`VIGIL_${name.toUpperCase()}_URL`]).toBe(
        `http://${name}:${compose.services[name].environment![`VIGIL_${name.toUpperCase()}_PORT`]}/graphql`,
      );
  });
});

describe('Dockerfile', () => {
  it('copies files that exist and starts npm', () => {
    const dockerfile = fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8');
    // COPY --from=<stage> copies from an earlier build stage, not from the project.
    for (const match of dockerfile.matchAll(/^COPY (?!--from=)(.+) \S+$/gm)) {
      for (const source of match[1].split(/\s+/)) if (source !== '.') expect(fs.existsSync(path.join(root, source))).toBe(true);
    }
    expect(dockerfile).toMatch(/CMD \["npm", "start"\]/);
  });
});

describe('supergraph', () => {
  it("composes from the subgraphs' schema files", () => {
    const sdl = composeSupergraph({ profiles: 'http://p', idv: 'http://i', screening: 'http://s', risk: 'http://r', access: 'http://a' });
    expect(sdl).toContain('join__Graph');
    expect(sdl).toMatch(/type Profile[\s\S]*@join__type\(graph: PROFILES, key: "id"\)/);
  });
});
