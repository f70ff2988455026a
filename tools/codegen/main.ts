// `npm run codegen`: writes every generated source file (resolver types of each subgraph, ...).
// `--check` writes nothing and exits 1 naming each file that is not what the schema makes now; the
// typecheck runs it first, so a schema change without regenerating fails there. `--stdout <path>`
// prints the one file at that path (relative to the root) as it would be written, and writes nothing.
import fs from 'node:fs';
import path from 'node:path';
import { GeneratedFile, ROOT } from './generated-file';
import { generatedFiles } from './targets';

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const stdoutIndex = process.argv.indexOf('--stdout');
  if (stdoutIndex >= 0) {
    const wanted = path.resolve(ROOT, process.argv[stdoutIndex + 1] ?? '');
    const file = generatedFiles().find((candidate) => candidate.path === wanted);
    if (!file) throw new Error(`No generated file at ${wanted}`);
    return void process.stdout.write(await formatted(file));
  }
  const stale: string[] = [];
  for (const file of generatedFiles()) {
    const text = await formatted(file);
    const current = fs.existsSync(file.path) ? fs.readFileSync(file.path, 'utf8') : undefined;
    if (current === text) continue;
    if (check) stale.push(path.relative(ROOT, file.path));
    else {
      fs.writeFileSync(file.path, text);
      console.log(`wrote ${path.relative(ROOT, file.path)}`);
    }
  }
  if (stale.length) {
    console.error(`Generated files are stale (run \`npm run codegen\`):\n  ${stale.join('\n  ')}`);
    process.exit(1);
  }
}

async function formatted(file: GeneratedFile): Promise<string> {
  return file.generate();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
