// `npm run codegen`: writes every generated source file (resolver types of each subgraph, ...).
// `--check` writes nothing and exits 1 naming each file that is not what the schema makes now; the
// typecheck runs it first, so a schema change without regenerating fails there.
import fs from 'node:fs';
import path from 'node:path';
import { GeneratedFile, ROOT } from './generated-file';
import { generatedFiles } from './targets';

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
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
