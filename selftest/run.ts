/**
 * `npm test`: runs the self-tests (selftest/**\/*.test.ts) with node's test runner, all but those that check
 * the harness against the ecosystem, slow by nature: Specmatic's generated tests and Prism (selftest/ecosystem/),
 * the packed package installed into an empty project (selftest/package/), and what a browser looks at. Those run
 * with `npm run test:ecosystem` (`--ecosystem`); `.ci/run` runs both.
 * Arguments narrow the run to files whose path contains one of them: `npm test -- mock report`.
 *
 * Files run CONCURRENCY at a time (node's default on 2 cores is one): most of the long ones spend their
 * time waiting on the runs they start (hostile targets that never answer, export jobs, budgets). The
 * long ones start first, so that no long file starts last and runs alone. EMS_SELFTEST_CONCURRENCY sets another
 * count (on this 2-core machine, quiet, 2026-11-27: 3 at a time 375 s / 681 CPU-s, 4 at a time 366 s / 699 CPU-s,
 * within the noise: the files are CPU-bound together).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { selftestBundle } from './bundle';

const root = fileURLToPath(new URL('..', import.meta.url));
const ecosystem = process.argv.includes('--ecosystem');
const filters = process.argv.slice(2).filter((arg) => arg !== '--ecosystem');
/** The self-tests of `npm run test:ecosystem`: external tools, the installed package, a browser. */
const ECOSYSTEM = ['selftest/ecosystem/', 'selftest/package/', 'selftest/report/html-in-browser', 'selftest/outputs/html-look', 'selftest/traffic/record-har'];
const inEcosystem = (file: string) => ECOSYSTEM.some((part) => file.includes(part));
const CONCURRENCY = Number(process.env.EMS_SELFTEST_CONCURRENCY) || 3;
/**
 * Files that start conformance runs, longest first (measured with the per-file times this command prints;
 * issue 18), so that none starts last and runs alone. The order changes only how long npm test takes.
 */
const LONG_FIRST = [
  'ecosystem/specmatic', 'package/installed',
  'traffic/agreement', 'variant/drawn-readings', 'variant/alt-clean', 'variant/unsent-dateSent', 'outputs/shards', 'core/bin.test', 'checks/hour-independence', 'traffic/journal', 'traffic/proxy',
  'traffic/getfile-envelope', 'traffic/stop-signals', 'core/run-stop', 'outputs/baseline', 'hostile/answered-nothing', 'traffic/bad-input',
  'traffic/closing-line', 'outputs/replay', 'hostile/rate-limited', 'hostile/partial', 'core/e2e', 'outputs/secrets',
  'core/bin-edges', 'rest/e2e', 'hostile/', 'checks/layout', 'matrix/', 'core/harness-error', 'problem-json/e2e',
  'config/bad-config', 'config/bad-files', 'mock/fault-deviations', 'report/cli', 'core/rate-limited', 'layers/',
];
const rank = (file: string) => {
  const index = LONG_FIRST.findIndex((part) => file.includes(part));
  return index < 0 ? LONG_FIRST.length : index;
};

const allFiles = readdirSync(join(root, 'selftest'), { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => join('selftest', f))
  .sort();
const files = allFiles
  .filter((f) => (filters.length === 0 ? inEcosystem(f) === ecosystem : filters.some((part) => f.includes(part))))
  .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));

if (files.length === 0) {
  console.error(`no self-test matches ${filters.join(', ')}`);
  process.exit(1);
}

/** Each file's time goes to EMS_SELFTEST_TIMES when set (all files), else to a temporary file (the ten slowest are printed). */
const timesDir = mkdtempSync(join(tmpdir(), 'ems-selftest-'));
const timesFile = process.env.EMS_SELFTEST_TIMES ?? join(timesDir, 'file-times.tsv');
const started = Date.now();
// Every test file is bundled (whatever the selection, so that one bundle serves each), unless EMS_SELFTEST_SOURCES=1.
const fromSources = process.env.EMS_SELFTEST_SOURCES === '1';
const bundled = fromSources ? undefined : await selftestBundle(root, allFiles);
const run = spawnSync(
  process.execPath,
  [
    ...(bundled ? [] : ['--import', 'tsx']), '--test', `--test-concurrency=${CONCURRENCY}`,
    '--test-reporter=spec', '--test-reporter-destination=stdout',
    `--test-reporter=${join(root, 'selftest', 'file-times.mjs')}`, `--test-reporter-destination=${timesFile}`,
    ...files.map((file) => bundled?.get(file) ?? file),
  ],
  { cwd: root, stdio: 'inherit', env: { ...process.env, EMS_SELFTEST: '1' } },
);
// A bundled file is named by its source.
const sourceOf = new Map([...(bundled ?? [])].map(([file, built]) => [relative(process.cwd(), built), relative(process.cwd(), join(root, file))]));
const slowest = readFileSync(timesFile, 'utf8').split('\n').filter(Boolean).slice(0, 10).map((line) => line.replace(/[^\t]+$/, (file) => sourceOf.get(file) ?? file));
rmSync(timesDir, { recursive: true, force: true });
if (slowest.length > 1) console.log(`slowest self-test files (seconds, tests, file):\n${slowest.map((line) => `  ${line}`).join('\n')}`);
console.log(`self-tests: ${files.length} files under ${relative(process.cwd(), join(root, 'selftest')) || 'selftest'} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(run.status ?? 1);
