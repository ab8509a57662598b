import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { repoPath } from '../../harness/contract';
import { NODE, runAtRoot, type Finished } from '../core/support/run';
import { sampleReport } from '../report/fixtures/sample-report';

/**
 * Every file the tool reads is checked before it is used: a baseline (`run`, `verify`, `merge --baseline`),
 * the report `report` renders, a recording (`--har`), a profile file, the spec and rule files `spec-diff` compares. A bad one is one line on stderr
 * naming the file and what is wrong, exit 2, no stack trace, nothing on stdout (Playwright never started)
 * and nothing written: quickly, before any run begins.
 */
/** Under this many seconds (each needs about 1.5 CPU-s; the rest is waiting for a loaded machine's 2 cores). */
const QUICK_MS = 30_000;
const folder = mkdtempSync(join(tmpdir(), 'ems-bad-files-'));
const file = (name: string, text: string) => {
  const path = join(folder, name);
  writeFileSync(path, text);
  return path;
};
const report = sampleReport();
const goodReport = file('good.json', JSON.stringify(report));
const BAD_REPORTS: [string, string, RegExp][] = [
  ['absent', join(folder, 'absent.json'), /absent\.json: cannot be read: ENOENT/],
  ['a folder', folder, /: is a folder, not a conformance\.json$/],
  ['empty', file('empty.json', '\n'), /empty\.json: is empty, not a conformance\.json$/],
  ['not JSON', file('text.json', 'rules: none'), /text\.json: is not JSON \(/],
  ['JSON that is no report', file('other.json', '{"hello": 1}'), /other\.json: is not a conformance\.json: it has no "tool": "ems-conformance"/],
  ['a list', file('list.json', '[]'), /list\.json: is not a conformance\.json: the document is an array, not an object$/],
  ['a report without rules', file('no-rules.json', JSON.stringify({ ...report, rules: undefined })), /no-rules\.json: is not a conformance\.json: it has no rules$/],
  [
    'a report with a verdict it does not know',
    file('verdict.json', JSON.stringify({ ...report, rules: report.rules.map((rule, index) => (index === 1 ? { ...rule, verdict: 'passed' } : rule)) })),
    /verdict\.json: is not a conformance\.json: rules\[1\]\.verdict is the text "passed", not one of pass, fail, error, inconclusive, skipped$/,
  ],
];

/** `ems-conformance <command> args` as `npm run` runs it (the bundle of the sources), its wall time. */
async function cli(command: string, args: string[]): Promise<Finished & { wallMs: number }> {
  const begun = Date.now();
  const finished = await runAtRoot(NODE, [repoPath('bin', 'run-bundled.mjs'), command, ...args]);
  return { ...finished, wallMs: Date.now() - begun };
}

/** The line names the flag, then the file (by its full path), then what is wrong. */
const flagged = (flag: string, says: RegExp): RegExp => new RegExp(`${flag} \\S*${says.source}`);

/** Exit 2, quickly, one line on stderr (`prefix: ...` matching says), nothing on stdout, no stack, no report written. */
function assertRefused(run: Finished & { wallMs: number }, prefix: string, says: RegExp): void {
  assert.equal(run.code, 2, `exit ${run.code}; stderr: ${run.stderr}; stdout: ${run.stdout}`);
  assert.ok(run.wallMs < QUICK_MS, `ended after ${run.wallMs} ms`);
  const lines = run.stderr.split('\n').filter((line) => line.trim() !== '');
  assert.equal(lines.length, 1, `one line on stderr, got:\n${run.stderr}`);
  assert.ok(lines[0]!.startsWith(`${prefix}: `), lines[0]);
  assert.match(lines[0]!, says);
  assert.doesNotMatch(run.stderr, /^\s+at /m, 'no stack trace');
  assert.equal(run.stdout.trim(), '', 'nothing on stdout (nothing started)');
  assert.deepEqual(readdirSync(run.reportDir), [], 'nothing written to the report folder');
}

describe('bad files: one clear line, exit 2, before anything runs', { timeout: 240_000, concurrency: 3 }, () => {
  after(() => rmSync(folder, { recursive: true, force: true }));

  // The bundle the commands run from is built once, before they start three at a time.
  before(() => {
    execFileSync(NODE, [repoPath('bin', 'run-bundled.mjs'), '--print-dir'], { cwd: repoPath(), stdio: 'ignore' });
  });

  const RUN_CASES = new Set(['absent', 'a folder', 'JSON that is no report', 'a report with a verdict it does not know']);
  for (const [what, path, says] of BAD_REPORTS.filter(([what]) => RUN_CASES.has(what))) {
    test(`run --baseline: ${what}`, async () => {
      assertRefused(await cli('run', ['--baseline', path, '--fail-on', 'new']), 'conformance', flagged('--baseline', says));
    });
  }

  test('verify and merge check the baseline the same way', async () => {
    const [, path, says] = BAD_REPORTS.find(([what]) => what === 'JSON that is no report')!;
    assertRefused(await cli('verify', ['--baseline', path]), 'conformance', says);
    assertRefused(await cli('merge', ['--baseline', path, join(folder, 'no-blobs')]), 'conformance:merge', says);
  });

  const REPORT_CASES = new Set(['absent', 'a folder', 'empty', 'not JSON', 'a list', 'a report with a verdict it does not know']);
  for (const [what, path, says] of BAD_REPORTS.filter(([what]) => REPORT_CASES.has(what))) {
    test(`report: ${what}`, async () => {
      const out = join(folder, `out-${what.replace(/\W+/g, '-')}`);
      assertRefused(await cli('report', [path, '--out', out]), 'report', says);
      assert.equal(existsSync(out), false, 'nothing rendered');
    });
  }

  test('report: a report the renderers cannot read (no target) is refused before anything is written', async () => {
    const out = join(folder, 'out-no-target');
    const path = file('no-target.json', JSON.stringify({ ...report, target: undefined }));
    assertRefused(await cli('report', [path, '--out', out]), 'report', /no-target\.json: is not a conformance\.json: it has no target$/);
    assert.equal(existsSync(out), false, 'nothing rendered');
  });

  test('report --baseline: a bad baseline is refused before the report is rendered', async () => {
    const out = join(folder, 'out-bad-baseline');
    const [, path, says] = BAD_REPORTS.find(([what]) => what === 'a report with a verdict it does not know')!;
    assertRefused(await cli('report', [goodReport, '--baseline', path, '--out', out]), 'report', flagged('--baseline', says));
    assert.equal(existsSync(out), false, 'nothing rendered');
  });

  test('report renders a good report (the checks refuse only bad ones)', async () => {
    const out = join(folder, 'out-good');
    const run = await cli('report', [goodReport, '--baseline', goodReport, '--out', out]);
    assert.equal(run.code, 0, run.stderr);
    assert.ok(existsSync(join(out, 'conformance.html')));
  });

  const HARS: [string, () => string, RegExp][] = [
    ['a folder', () => {
      const dir = join(folder, 'recordings');
      mkdirSync(dir, { recursive: true });
      return dir;
    }, /recordings is a folder, not a HAR file$/],
    ['an empty file', () => file('empty.har', ''), /empty\.har is empty, not a HAR file$/],
    ['a JSON list', () => file('list.har', '[{"log": {}}]'), /list\.har is not a HAR file: not JSON \(it starts with "\[", a HAR with \{\)$/],
  ];
  for (const [what, make, says] of HARS) {
    test(`--har: ${what}`, async () => {
      assertRefused(await cli('run', ['--har', make()]), 'conformance', flagged('--har', says));
    });
  }

  test('spec-diff: a file that is not YAML, or not the document it is given as', async () => {
    const notYaml = file('broken.yaml', 'paths: [\n');
    assertRefused(await cli('spec-diff', [notYaml, repoPath('spec', 'openapi.yaml')]), 'ems-conformance', /broken\.yaml: is not YAML \(/);
    const notSpec = file('other.yaml', 'hello: 1\n');
    assertRefused(await cli('spec-diff', [repoPath('spec', 'openapi.yaml'), notSpec]), 'ems-conformance', /other\.yaml: is not an OpenAPI document/);
    assertRefused(await cli('spec-diff', [repoPath('spec', 'openapi.yaml'), repoPath('spec', 'openapi.yaml'), '--old-rules', notSpec]), 'ems-conformance', /other\.yaml: is not a rule catalogue/);
  });

  test('--profile: a folder', async () => {
    const dir = join(folder, 'profiles');
    mkdirSync(dir, { recursive: true });
    assertRefused(await cli('run', ['--profile', dir]), 'conformance', /^conformance: EMS_PROFILE=\S*profiles: profile file \S*profiles: is a folder, not a profile file/);
  });
});
