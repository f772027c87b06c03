// Prints one line per suite and a closing 'N passed, N failed' line from the JSON reports.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()) {
  const report = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  let p, f, s;
  if (report.stats) {
    // Playwright
    p = report.stats.expected + report.stats.flaky;
    f = report.stats.unexpected;
    s = report.stats.skipped;
  } else {
    // Vitest
    p = report.numPassedTests;
    f = report.numFailedTests;
    s = report.numPendingTests + report.numTodoTests;
  }
  passed += p;
  failed += f;
  skipped += s;
  console.log(`${file.replace(/\.json$/, '')}: ${p} passed, ${f} failed, ${s} skipped`);
}
console.log(`total: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
