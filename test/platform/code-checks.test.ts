/** The code checks of CI (npm run lint, npm run deps:check) fail on what they exist to catch: each
 * tool runs, with the repository's own configuration, on the planted violations and clean files of
 * test/fixtures/code-checks/ (which the normal runs skip) and must report exactly the expected
 * rule on each violation and nothing on the clean files. */
import { execFile } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const fixtures = path.join(root, 'test/fixtures/code-checks');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(bin: string, args: string[], cwd = root): Promise<Run> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [path.join(root, 'node_modules', bin), ...args],
      { cwd, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        // A numeric code is the tool's exit status; anything else means it did not run at all.
        if (error && typeof error.code !== 'number') reject(new Error(`${bin} did not run: ${error.message}`, { cause: error }));
        else resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
      },
    );
  });
}

interface EslintFileResult {
  filePath: string;
  messages: { ruleId: string | null; message: string }[];
}

describe('code checks on planted violations', () => {
  it('ESLint reports a floating promise and passes the clean and merely misformatted files', async () => {
    const files = ['badly-formatted.ts', 'subgraphs/alpha/services/floating-promise.ts', 'subgraphs/alpha/data', 'subgraphs/beta'];
    // --no-ignore: the fixture folder is in the config's global ignores.
    const result = await run('eslint/bin/eslint.js', [
      '--no-ignore',
      '--format',
      'json',
      ...files.map((file) => path.join(fixtures, file)),
    ]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    const byFile = Object.fromEntries(
      (JSON.parse(result.stdout) as EslintFileResult[]).map((file) => [
        path.relative(fixtures, file.filePath),
        file.messages.map((message) => message.ruleId),
      ]),
    );
    expect(byFile).toEqual({
      'badly-formatted.ts': [],
      'subgraphs/alpha/data/thing-store.ts': [],
      'subgraphs/alpha/services/floating-promise.ts': ['@typescript-eslint/no-floating-promises'],
      'subgraphs/beta/model/thing.ts': [],
    });
  });

  it('dependency-cruiser reports each layer rule once and passes the allowed imports', async () => {
    // The json reporter exits 0 whatever it finds (the CLI's default err reporter, used by npm run
    // deps:check, exits with the number of errors: the clean run below shows its code). From the
    // fixture folder, so that the rules' paths (^subgraphs/, ^platform/, ^rest-adapter/)
    // match the fixture's own layout.
    const result = await run(
      'dependency-cruiser/bin/dependency-cruise.mjs',
      ['--config', path.join(root, '.dependency-cruiser.cjs'), '--output-type', 'json', 'subgraphs', 'platform', 'rest-adapter'],
      fixtures,
    );
    const report = JSON.parse(result.stdout) as { summary: { violations: { rule: { name: string }; from: string; to: string }[] } };
    const violations = report.summary.violations.map((violation) => `${violation.rule.name}: ${violation.from} -> ${violation.to}`).sort();
    expect(violations).toEqual([
      'database-access-only-in-data: subgraphs/alpha/services/uses-prisma-client.ts -> ../../../generated/prisma/client.ts',
      'no-circular: subgraphs/alpha/model/cycle-a.ts -> subgraphs/alpha/model/cycle-b.ts',
      // Type-only imports count.
      'no-cross-subgraph: subgraphs/alpha/services/uses-other-subgraph.ts -> subgraphs/beta/model/thing.ts',
      'platform-not-to-outer-layers: platform/uses-subgraph.ts -> subgraphs/beta/model/thing.ts',
      'rest-adapter-not-to-subgraphs: rest-adapter/routes/uses-subgraph.ts -> subgraphs/beta/model/thing.ts',
    ]);
    // pg from a data/ folder and the composition root (app/) importing a subgraph raise nothing.
    const clean = await run(
      'dependency-cruiser/bin/dependency-cruise.mjs',
      ['--config', path.join(root, '.dependency-cruiser.cjs'), 'subgraphs/alpha/data', 'subgraphs/beta', 'app'],
      fixtures,
    );
    expect(clean.stdout + clean.stderr).toContain('no dependency violations found');
    expect(clean.code).toBe(0);
  });

  it('Prettier flags the misformatted file and only it', async () => {
    // The fixture folder is in .prettierignore: check it with no ignore file.
    const result = await run('prettier/bin/prettier.cjs', [
      '--list-different',
      '--ignore-path',
      path.join(fixtures, 'no-ignore-file'),
      fixtures,
    ]);
    expect(result.code).toBe(1);
    expect(result.stdout.trim().split('\n')).toEqual([path.relative(root, path.join(fixtures, 'badly-formatted.ts'))]);
  });
  it('codegen refuses a document that no longer fits the composed API (so the typecheck does)', async () => {
    const generate = path.join(fixtures, 'documents/generate.ts');
    const planted = await run('tsx/dist/cli.mjs', [generate, path.join(fixtures, 'documents/renamed-field.graphql')]);
    expect(planted.code).toBe(1);
    expect(planted.stderr).toContain('Cannot query field "emailAddress" on type "Profile"');
    const clean = await run('tsx/dist/cli.mjs', [generate, path.join(fixtures, 'documents/valid.graphql')]);
    expect(clean.stderr).toBe('');
    expect(clean.code).toBe(0);
  });
});
