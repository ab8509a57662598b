import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { test } from 'node:test';
import { repoPath } from '../../harness/contract';
import { TOKEN_VALUES } from '../../mock';
import { conformance, grepRules, readReport, runCommand, runDirs } from './support';

// A failure a driver's exploration finds and shrinks (ctx.explore): the property's counterexample replays.
const RULE = 'groups.search.groupName.contains';
const FAULT = 'groups-name-like-pattern';

/** Runs a line of a repro as the shell does, from the repository root (where its npm scripts are). */
const shell = (line: string, dirs: ReturnType<typeof runDirs>) => runCommand('bash', ['-c', line], dirs);

test('should replay a failure from its report line: the same mock fault, seed and path fail the same rule', { timeout: 300_000 }, async () => {
  const first = runDirs('replay-first');
  // A fixed seed: the replay line must give back the same seed and path.
  const run = await conformance(['--grep', grepRules(RULE), '--faults', FAULT, '--seed', '11'], first);
  assert.equal(run.code, 1, run.stdout.slice(-2000));
  const failed = readReport(first.reports).rules.find((rule) => rule.id === RULE);
  assert.equal(failed?.verdict, 'fail');
  const replay = failed?.property?.replay ?? '';
  assert.match(replay, new RegExp(`--faults ${FAULT}\\b`));
  assert.match(replay, /--seed \d+ --path [\d:]+$/);
  assert.ok(failed?.repro?.split('\n').includes(replay), 'the repro begins with the replay line');
  for (const token of Object.values(TOKEN_VALUES)) assert.ok(!failed?.repro?.includes(token), 'a token in the repro');

  // The replay line, run as it stands, fails the same rule on the same counterexample.
  const again = runDirs('replay-again');
  const replayed = await shell(replay, again);
  assert.equal(replayed.code, 1, replayed.stdout.slice(-2000) + replayed.stderr);
  const second = readReport(again.reports).rules.find((rule) => rule.id === RULE);
  assert.equal(second?.verdict, 'fail');
  assert.deepEqual(second?.property?.counterexample, failed?.property?.counterexample);
});

test('should tell how to start the same mock by hand, where the failing request reaches it again', { timeout: 300_000 }, async () => {
  const dirs = runDirs('replay-by-hand');
  const run = await conformance(['--grep', grepRules('groups.search.rpp.default'), '--faults', 'groups-rpp-default-25'], dirs);
  assert.equal(run.code, 1, run.stdout.slice(-2000));
  const report = readReport(dirs.reports);
  const lines = report.rules.find((rule) => rule.id === 'groups.search.rpp.default')?.repro?.split('\n') ?? [];
  const port = new URL(report.target.baseUrl).port;
  const start = lines.find((line) => line.startsWith('npm run mock -- '));
  assert.ok(start?.includes(`--port ${port} --faults groups-rpp-default-25 `), lines.join('\n'));
  const curl = lines.find((line) => line.startsWith('curl '));
  assert.ok(curl?.includes(`127.0.0.1:${port}/`) && curl.includes('$EMS_TOKEN'), lines.join('\n'));
  const tokenLine = lines.find((line) => line.startsWith('export EMS_TOKEN='));
  assert.ok(start && curl && tokenLine, lines.join('\n'));

  // Start the mock as the repro says (in its own process group, stopped after), then send the request as it says.
  const mock = spawn('bash', ['-c', start.replace(/ &$/, '')], { cwd: repoPath(), detached: true, stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    await new Promise<void>((resolve, reject) => {
      mock.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('listening') && resolve());
      mock.on('exit', (code) => reject(new Error(`the mock exited ${code}`)));
    });
    const sent = await shell(`${tokenLine}\n${curl}`, dirs);
    assert.equal(sent.code, 0, sent.stderr);
    // The fault is on: a page without rpp holds 25 groups, not the documented default of 20.
    const body = JSON.parse(sent.stdout) as { data?: { records?: unknown[] } };
    assert.equal(body.data?.records?.length, 25, sent.stdout.slice(0, 500));
  } finally {
    if (mock.pid) process.kill(-mock.pid, 'SIGTERM');
  }
});
