/**
 * The replay lines a run prints (a failing rule's repro and property replay, an exploration's replay) name
 * the harness as this copy of it is started: the repository's npm alias from the sources and the
 * repository's run bundle, `npx ems-conformance run` from the installed package (where `npm run conformance`
 * does not exist). The package's naming is checked on the code bundled as the package bundles it.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, test } from 'node:test';
import { build } from 'esbuild';
import { repoPath } from '../../harness/contract';
import type { ConformanceReport, ExplorationFailure } from '../../harness/types';

const ENTRY = `
export { replayCommand, withExplorationReplay } from './harness/report/replay';
export { propertyStopped } from './harness/core';
`;

type Built = typeof import('../../harness/report/replay') & Pick<typeof import('../../harness/core'), 'propertyStopped'>;

const folder = mkdtempSync(join(repoPath('tmp'), 'replay-naming-'));

async function bundledFor(buildFor: 'package' | 'repository'): Promise<Built> {
  const outfile = join(folder, `${buildFor}.mjs`);
  await build({
    stdin: { contents: ENTRY, resolveDir: repoPath(), loader: 'ts' },
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
    define: { EMS_BUILD_DIR: JSON.stringify('build'), EMS_BUILD_FOR: JSON.stringify(buildFor) },
  });
  return (await import(pathToFileURL(outfile).href)) as Built;
}

const RUN: Pick<ConformanceReport, 'mode' | 'target'> = {
  mode: 'active',
  target: { baseUrl: 'http://127.0.0.1:4010/v1', authUrl: 'http://127.0.0.1:4010', profile: 'service', embeddedMock: true, allowWrites: true, faults: ['rpp-clamped'] },
};
const EXPLORATION: ExplorationFailure = { test: 'random sequences', seed: 3, path: '4:0', steps: [], evidence: { title: 'rejected' }, replay: 'as the worker named it' };
const DEVIATED = { kind: 'deviated', seed: 7, path: '1:2', numRuns: 25, counterexample: 251, judged: 1, inconclusive: 0, deviation: { evidence: { title: 'rpp 251 accepted' } } };

function linesOf(built: Built): string[] {
  const verdict = built.propertyStopped('groups.search.rpp.bounds', DEVIATED as never);
  return [
    built.replayCommand(RUN, { testRules: ['groups.search.rpp.bounds'], seed: 7 }),
    built.withExplorationReplay(EXPLORATION, RUN, '@exploration').replay,
    verdict?.property?.replay ?? 'no replay',
  ];
}

describe('replay lines name the harness as it is started here', () => {
  after(() => rmSync(folder, { recursive: true, force: true }));

  test('the installed package: npx ems-conformance run, never an npm script', async () => {
    for (const line of linesOf(await bundledFor('package'))) {
      assert.match(line, /(^|\s)npx ems-conformance run /, line);
      assert.doesNotMatch(line, /npm run/, line);
    }
  });

  test("the repository's run bundle: the npm alias", async () => {
    for (const line of linesOf(await bundledFor('repository'))) assert.match(line, /(^|\s)npm run conformance -- /, line);
  });

  test('the exploration replays against the same embedded mock with its faults, seed and path', async () => {
    const [, exploration] = linesOf(await bundledFor('package'));
    assert.equal(exploration, 'npx ems-conformance run --faults rpp-clamped --grep @exploration --seed 3 --path 4:0');
  });

  test('no replay line is written out as an npm script elsewhere in the code (repo-path.ts names the commands)', () => {
    const offenders: string[] = [];
    for (const dir of ['harness', 'bin', 'drivers', 'checks', 'mock']) {
      for (const file of readdirSync(repoPath(dir), { recursive: true, encoding: 'utf8' })) {
        if (!file.endsWith('.ts')) continue;
        const code = readFileSync(repoPath(dir, file), 'utf8').split('\n').filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line));
        code.forEach((line, index) => {
          if (/[`'"][^`'"]*npm run conformance --/.test(line) && /(replay|repro)/i.test(line)) offenders.push(`${dir}/${file}:${index + 1}`);
        });
      }
    }
    assert.deepEqual(offenders, []);
  });
});
