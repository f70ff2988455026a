// npm run schema:lint | schema:check | schema:update — the schema quality gate outside jest.
import fs from 'node:fs';
import { composeApiSchema } from '../supergraph';
import { checkAgainstCommitted, COMMITTED_SCHEMA_PATH, committedIsCurrent, printApiSchema } from './schema-check';
import { ALLOWLIST_PATH, lintAgainstAllowlist } from './schema-lint';

async function main(command: string | undefined): Promise<number> {
  const schema = composeApiSchema();
  if (command === 'lint') {
    const { violations, stale } = lintAgainstAllowlist(schema);
    for (const line of stale) console.log(`stale allow-list entry (delete it from ${ALLOWLIST_PATH}): ${line}`);
    for (const line of violations) console.log(`violation: ${line}`);
    console.log(`${violations.length} violation(s), ${stale.length} stale allow-list entr${stale.length === 1 ? 'y' : 'ies'}`);
    return violations.length ? 1 : 0;
  }
  if (command === 'check') {
    const report = await checkAgainstCommitted(schema);
    for (const change of report.breaking) console.log(`BREAKING  ${change.message}`);
    for (const change of report.dangerous) console.log(`dangerous ${change.message}`);
    for (const change of report.safe) console.log(`safe      ${change.message}`);
    const current = committedIsCurrent(schema);
    if (!current) console.log(`${COMMITTED_SCHEMA_PATH} is not the current composition: run npm run schema:update and commit it`);
    return report.breaking.length || !current ? 1 : 0;
  }
  if (command === 'update') {
    fs.writeFileSync(COMMITTED_SCHEMA_PATH, printApiSchema(schema));
    console.log(`wrote ${COMMITTED_SCHEMA_PATH}`);
    return 0;
  }
  console.error('usage: schema-cli lint|check|update');
  return 2;
}

main(process.argv[2]).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
