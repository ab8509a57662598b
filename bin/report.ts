/**
 * `npm run report -- [path/to/conformance.json] [--baseline old.json] [--out dir]`
 *
 * Re-renders conformance.html and junit.xml from a conformance.json (after merging shards, or for an old run)
 * into the JSON file's folder (or --out), then prints the summary and, with --baseline, what changed since.
 * Both files are read and checked before anything is written: a file that is not a conformance.json is one
 * line on stderr and exit 2 (harness/report/report-file.ts).
 */
import { dirname } from 'node:path';
import { compareWithBaseline, renderBaselineComparison } from '../harness/report/baseline';
import { readReportFile } from '../harness/report/report-file';
import { renderSummary, writeReportFiles } from '../harness/report/write';
import { parseFlags, runMain, UsageError } from './lib/cli';

async function main(): Promise<number> {
  const { values, positionals } = parseFlags(process.argv.slice(2), { baseline: { type: 'string' }, out: { type: 'string' } }, { baseline: 'OLD/conformance.json', out: 'DIR' }, true);
  if (positionals.length > 1) throw new UsageError(`give one conformance.json, not ${positionals.length} (the old run's goes with --baseline)`);
  const source = positionals[0] ?? 'reports/conformance.json';
  const report = readReportFile(source, '', 'render');
  const baseline = values.baseline ? readReportFile(values.baseline, '--baseline', 'baseline') : undefined;
  const outDir = values.out ?? dirname(source);
  await writeReportFiles(report, outDir);
  console.log(renderSummary(report, outDir));
  if (baseline) {
    console.log('');
    console.log(renderBaselineComparison(compareWithBaseline(report, baseline)));
  }
  return 0;
}

runMain('report', main);
