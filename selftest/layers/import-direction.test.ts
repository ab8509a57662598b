import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, test } from 'node:test';
import { cruise, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { repoPath } from '../../harness/contract';

type RuleSet = NonNullable<NonNullable<Parameters<typeof cruise>[1]>['ruleSet']>;

interface LayerRules {
  forbidden: Array<NonNullable<RuleSet['forbidden']>[number] & { name: string }>;
  options: Record<string, unknown>;
}

const rules = createRequire(import.meta.url)(repoPath('selftest', 'layers', 'rules.cjs')) as LayerRules;

/** Every folder of the import graph that the rules speak about (selftest/ may reach inside any layer). */
const PROJECT = ['harness', 'generators', 'drivers', 'checks', 'suites', 'bin', 'mock', 'playwright.config.ts'];

async function cruiseWithRules(baseDir: string, files: string[], tsConfig?: string): Promise<ICruiseResult> {
  const { tsConfig: _fromFile, ...options } = rules.options;
  const cwd = process.cwd();
  process.chdir(baseDir);
  try {
    const result = await cruise(
      files,
      { ...options, ...(tsConfig ? { tsConfig: { fileName: tsConfig } } : {}), validate: true, ruleSet: { forbidden: rules.forbidden } },
      undefined,
      tsConfig ? { tsConfig: extractTSConfig(tsConfig) } : undefined,
    );
    assert.equal(typeof result.output, 'object');
    return result.output as ICruiseResult;
  } finally {
    process.chdir(cwd);
  }
}

const describeViolation = (v: IViolation) =>
  `${v.rule.name}: ${v.from} → ${v.to}${v.cycle ? ` (cycle ${v.cycle.map((step) => step.name).join(' → ')})` : ''}`;

describe('import direction (dependency-cruiser, selftest/layers/rules.cjs)', () => {
  test('the project keeps every layer rule: direction, index-only entries, no cycles, harness never reaches mock/', { timeout: 300_000 }, async () => {
    const result = await cruiseWithRules(repoPath(), PROJECT, 'tsconfig.json');
    assert.ok(result.summary.totalCruised > 100, `only ${result.summary.totalCruised} modules cruised`);
    const harness = result.modules.filter((module) => module.source.startsWith('harness/'));
    assert.ok(harness.length > 50, 'the harness was cruised');
    const violations = result.summary.violations.map(describeViolation).sort();
    assert.deepEqual(violations, [], `${violations.length} import violation(s):\n  ${violations.join('\n  ')}`);
  });

  test('every rule catches its violation (a small tree, one wrong import per rule)', { timeout: 120_000 }, async () => {
    const root = mkdtempSync(join(tmpdir(), 'ems-layers-'));
    const files: Record<string, string> = {
      'harness/types.ts': 'export type Id = string;\n',
      'harness/contract/index.ts': "export * from './spec';\n",
      'harness/contract/spec.ts': "import '../core';\nexport const spec = 1;\n",
      'generators/index.ts': "export * from './ids';\n",
      'generators/ids.ts': "import '../harness/contract/spec';\nimport '../harness/oracles';\nexport const id = 1;\n",
      'harness/core/index.ts': "export * from './client';\n",
      'harness/core/client.ts': "import '../../generators';\nimport '../exchanges';\nimport '../oracles';\nimport '../../mock';\nexport const client = 1;\n",
      'harness/exchanges/index.ts': "import '../check';\nexport * from './log';\n",
      'harness/exchanges/log.ts': "import '../core';\nexport const log = 1;\n",
      'harness/check/index.ts': "import '../runner';\nimport '../exchanges/log';\nexport * from './check';\n",
      'harness/check/check.ts': "import '../exchanges';\nexport const check = 1;\n",
      'harness/runner/index.ts': "import '../report/write';\nimport '../check/check';\nexport * from './register';\n",
      'harness/runner/register.ts': "import '../check';\nexport const register = 1;\n",
      'harness/oracles/index.ts': "import '../report/write';\nimport '../runner';\nimport '../core/client';\nimport '../../generators/ids';\nexport * from './order';\n",
      'harness/oracles/order.ts': 'export const order = 1;\n',
      'harness/model/index.ts': "export * from './filters';\n",
      'harness/model/filters.ts': "import '../oracles';\nimport '../core/client';\nexport const filters = 1;\n",
      'checks/d/four.ts': "import '../../harness/model/filters';\nimport '../../harness/model';\nexport const four = 1;\n",
      'harness/report/write.ts': "import '../../checks/a/one';\nexport const write = 1;\n",
      'checks/a/one.ts': "import '../b/two';\nimport '../shared/common';\nimport '../../suites/s.spec';\nimport '../../harness/runner';\nimport '../../harness/check';\nexport const one = 1;\n",
      'bin/judge.ts': "import '../harness/exchanges/log';\nimport '../harness/silent/observe';\nexport const judge = 1;\n",
      'drivers/index.ts': "export * from './walk';\n",
      'drivers/walk.ts': "import '../checks/shared/common';\nimport '../harness/check';\nexport const walk = 1;\n",
      'checks/b/two.ts': "import '../../drivers/walk';\nimport '../../drivers';\nimport '../shared/common';\nimport '../../harness/oracles/order';\nexport const two = 1;\n",
      'checks/shared/common.ts': 'export const common = 1;\n',
      'checks/c/three.ts': "import '../../harness/silent';\nexport const three = 1;\n",
      'harness/silent/index.ts': "export * from './observe';\n",
      'harness/silent/observe.ts': "import '../report/write';\nexport const observe = 1;\n",
      'suites/s.spec.ts': "import '../checks/b/two';\nimport '../harness/runner/register';\nimport '../harness/report/write';\nexport const s = 1;\n",
      'mock/index.ts': "import './server';\nexport const mock = 1;\n",
      'mock/server.ts': "import './index';\nimport '../checks/shared/common';\nexport const server = 1;\n",
    };
    try {
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(root, path)), { recursive: true });
        writeFileSync(join(root, path), text);
      }
      const result = await cruiseWithRules(root, ['harness', 'generators', 'drivers', 'checks', 'suites', 'mock', 'bin']);
      const caught = new Set(result.summary.violations.map((v) => v.rule.name));
      const expected = rules.forbidden.map((rule) => rule.name);
      assert.deepEqual(expected.filter((name) => !caught.has(name)), [], `rules that caught nothing:\n  ${result.summary.violations.map(describeViolation).join('\n  ')}`);
      const lines = result.summary.violations.map(describeViolation);
      // Allowed imports stay allowed: an area reaching checks/shared, a suite registering an area's checks.
      assert.ok(!lines.some((line) => line.startsWith('checks-areas-apart:') && line.endsWith('→ checks/shared/common.ts')), lines.join('\n'));
      assert.ok(!lines.some((line) => line.startsWith('checks-areas-apart: suites/')), lines.join('\n'));
      assert.ok(lines.includes('checks-areas-apart: checks/a/one.ts → checks/b/two.ts'), lines.join('\n'));
      assert.ok(lines.includes('deep-import:harness/contract: generators/ids.ts → harness/contract/spec.ts'), lines.join('\n'));
      // A check importing harness/check is the allowed way in; the runner is not.
      assert.ok(!lines.some((line) => line.startsWith('checks-through-check:') && line.endsWith('→ harness/check/index.ts')), lines.join('\n'));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  test('the harness runs with mock/ absent: global setup starts the injected provider, the client reaches it', { timeout: 120_000 }, () => {
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('EMS_')));
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--import', './selftest/layers/fixtures/refuse-mock.mjs', 'selftest/layers/fixtures/harness-without-mock.ts'],
      { cwd: repoPath(), encoding: 'utf8', env: { ...env, EMS_TARGET_PROVIDER: 'selftest/layers/fixtures/stub-provider.ts' } },
    );
    assert.equal(run.status, 0, run.stderr);
    const seen = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') as { outcome: string; embedded: boolean; fixtures: string[]; layers: number[] };
    assert.equal(seen.outcome, 'success');
    assert.equal(seen.embedded, true);
    assert.deepEqual(seen.fixtures, ['stub@example.test']);
    assert.ok(seen.layers.every((exports) => exports > 0));
  });

  test('with mock/ absent, importing the mock fails loudly (the guard of the test above works)', { timeout: 60_000 }, () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--import', './selftest/layers/fixtures/refuse-mock.mjs', '--input-type=module', '--eval', "await import('./mock/provider.ts')"], {
      cwd: repoPath(),
      encoding: 'utf8',
      env: { ...process.env, EMS_TARGET_PROVIDER: '' },
    });
    assert.notEqual(run.status, 0);
    assert.match(run.stderr, /mock\/ is absent in this process/);
  });

  test('without EMS_BASE_URL and without a provider, the global setup says what to set', { timeout: 60_000 }, () => {
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('EMS_')));
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '--eval', "const { default: setup } = await import('./harness/runner/global-setup.ts'); await setup({});"],
      { cwd: repoPath(), encoding: 'utf8', env },
    );
    assert.notEqual(run.status, 0);
    assert.match(run.stderr, /EMS_BASE_URL is not set and no target provider is named \(EMS_TARGET_PROVIDER\)/);
  });
});
