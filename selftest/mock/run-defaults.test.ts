/**
 * The embedded mock of a run and the standalone one (`npm run mock`) share their export timings
 * (mock/run-defaults.ts): the embedded options are the shared ones, and a standalone mock started with no export
 * flag ends a job at its third poll and announces a fileExpiration seconds after completion, as the embedded one
 * does (a standalone mock serving 24-hour files read as another exports.file-lifetime, and drifted).
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { test } from 'node:test';
import { repoPath } from '../../harness/contract';
import { embeddedMockOptions } from '../../mock/provider';
import { runExportDefaults, RUN_FILE_LIFETIME_MS } from '../../mock/run-defaults';

test('the embedded mock takes the shared export timings', () => {
  const options = embeddedMockOptions({ faults: [] }, {});
  assert.deepEqual({ exportPendingPolls: options.exportPendingPolls, exportDelayMs: options.exportDelayMs, exportFileLifetimeMs: options.exportFileLifetimeMs }, runExportDefaults(undefined));
  assert.equal(embeddedMockOptions({ faults: [] }, { EMS_MOCK_SCALE: '3' }).exportFileLifetimeMs, runExportDefaults(3).exportFileLifetimeMs);
});

test('the standalone mock, with no export flag: a job ends at its third poll, its file lives as the embedded mock\'s', { timeout: 60_000 }, async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', repoPath('mock', 'cli.ts'), '--port', '0'], { cwd: repoPath(), stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    let output = '';
    child.stdout.setEncoding('utf8');
    const listening = new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: string) => {
        output += chunk;
        const found = /listening on (\S+)/.exec(output);
        if (found) resolve(found[1]!);
      });
      child.once('exit', (code) => reject(new Error(`the mock exited (${code}) before listening: ${output}`)));
    });
    const baseUrl = await listening;
    const origin = new URL(baseUrl).origin;
    const tokens = (await (await fetch(`${origin}/__mock/tokens`)).json()) as { full: string };
    const get = async (path: string, query: Record<string, string | number>) => {
      const answer = await fetch(`${baseUrl}${path}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`, { headers: { Authorization: `Bearer ${tokens.full}` } });
      return { date: Date.parse(answer.headers.get('date') ?? ''), body: (await answer.json()) as { data: Record<string, unknown> } };
    };
    const { jobID } = (await get('/exports/emails', { startDate: '2020-01-01', endDate: '2030-12-31' })).body.data as { jobID: number };
    const statuses: string[] = [];
    let completed: { date: number; body: { data: Record<string, unknown> } } | undefined;
    for (let poll = 0; poll < 3 && !completed; poll++) {
      const answer = await get('/exports/jobStatus', { jobID });
      statuses.push(String(answer.body.data.status));
      if (answer.body.data.status === 'Completed') completed = answer;
    }
    assert.deepEqual(statuses, ['Pending', 'Pending', 'Completed'], 'the job ends at its third poll');
    const expiration = Date.parse(`${String(completed!.body.data.fileExpiration).replace(' ', 'T')}Z`);
    const lifetime = expiration - completed!.date;
    assert.ok(lifetime > 0 && lifetime <= RUN_FILE_LIFETIME_MS + 2000, `fileExpiration ${lifetime} ms after the answer (the shared lifetime is ${RUN_FILE_LIFETIME_MS} ms)`);
  } finally {
    child.kill('SIGTERM');
    if (child.exitCode === null) await once(child, 'exit');
  }
});
