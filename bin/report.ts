/**
 * `npm run report -- [path/to/conformance.json] [--baseline old.json] [--out dir]`
 *
 * Re-renders conformance.html and junit.xml from a conformance.json (after merging shards, or for an old run)
 * into the JSON file's folder (or --out), then prints the summary and, with --baseline, what changed since.
 */
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { compareWithBaseline, renderBaselineComparison } from '../harness/report/baseline';
import { renderSummary, writeReportFiles } from '../harness/report/write';
import type { ConformanceReport } from '../harness/types';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { baseline: { type: 'string' }, out: { type: 'string' } },
});

function readReport(path: string): ConformanceReport {
  const report = JSON.parse(readFileSync(path, 'utf8')) as ConformanceReport;
  if (report.tool !== 'ems-conformance' || !Array.isArray(report.rules)) {
    throw new Error(`${path} is not a conformance.json written by ems-conformance`);
  }
  return report;
}

const source = positionals[0] ?? 'reports/conformance.json';
const outDir = values.out ?? dirname(source);
const report = readReport(source);
await writeReportFiles(report, outDir);
console.log(renderSummary(report, outDir));
if (values.baseline) {
  console.log('');
  console.log(renderBaselineComparison(compareWithBaseline(report, readReport(values.baseline))));
}
