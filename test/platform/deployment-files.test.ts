// docker cannot run on the build machines, so the compose file and Dockerfile are kept honest
// by checking them against the code: every service command must exist and start a real service.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { composeSupergraph, SUBGRAPH_NAMES } from '../../gateway/supergraph';

const root = path.resolve(__dirname, '../..');
const compose = parse(fs.readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<
    string,
    { command?: string[]; environment?: Record<string, string>; healthcheck?: { test: string[] }; build?: string; image?: string }
  >;
};

// The compose file's services, commands, health checks and load balancer are checked with the
// Kubernetes manifests (test/deploy/manifests.test.ts).
describe('docker-compose.yml', () => {
  it('points the gateway (in the web service) at every subgraph by URL', () => {
    const env = compose.services.web.environment!;
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
