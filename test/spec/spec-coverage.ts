// npm run spec:coverage — how many rules of each interface document are covered by a test, per
// area; lists the uncovered ones and writes docs/spec/coverage.md. Exits 1 when an implemented
// rule has no test or a test names an unknown rule id.
import fs from 'node:fs';
import { computeCoverage, COVERAGE_FILE } from './rule-register';
import { consoleSummary, markdownReport } from './coverage-report';

const coverage = computeCoverage();
fs.writeFileSync(COVERAGE_FILE, markdownReport(coverage));
console.log(consoleSummary(coverage));
console.log(`\nwrote ${COVERAGE_FILE}`);
if (coverage.untestedImplemented.length || coverage.unknownTags.length) process.exitCode = 1;
