/**
 * The package as another team gets it: `npm pack` of this repository, installed with `npm i` into an empty
 * project, used only through `npx ems-conformance`. Packs once and installs once; every test reuses them.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { childEnv } from '../../bin/lib/env';
import { repoPath } from '../../harness/contract';
import type { ConformanceReport } from '../../harness/types';

const root = mkdtempSync(join(tmpdir(), 'ems-package-'));
const project = join(root, 'project');
const installed = join(project, 'node_modules', 'ems-conformance');
let tarball = '';
const mocks: ChildProcess[] = [];

/** The full-permission token of the reference mock (`ems-conformance mock --list-tokens`). */
const MOCK_TOKEN = 'A5E1C3D2-7B44-4F0E-9C61-1D2E3F405161';
/** Two tests, helper/ping's: quick, and split one per shard. */
const PING_ONLY = ['--grep', 'helper'];
/** The rules of helper/ping's two tests. */
const PING_RULES = ['helper.ping.accepts-token', 'schema.helper.ping'];
/** A mock fault that breaks one helper/ping rule (schema.helper.ping). */
const PING_FAULT = 'ping-data-empty';

interface Finished {
  code: number | null;
  out: string;
}

/**
 * Our environment as a user's shell has it, with these on top: no EMS_* variable (the caller's target must not
 * leak in) and none of the npm_* variables `npm test` sets (npm_config_local_prefix would point npm at this repository).
 */
const cleanEnv = (extra: Record<string, string> = {}): Record<string, string> =>
  Object.fromEntries(Object.entries(childEnv({ CI: '1', ...extra })).filter(([name]) => !name.startsWith('npm_')));

/** Runs a command in the temporary project (or `cwd`) and collects its output, stdout and stderr together. */
function exec(command: string, args: string[], options: { env?: Record<string, string>; cwd?: string; limitMs?: number } = {}): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd ?? project, env: options.env ?? cleanEnv(), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), options.limitMs ?? 240_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

/** `npx ems-conformance ...args` in the temporary project, as a user types it. */
const npx = (args: string[], env: Record<string, string> = {}) => exec('npx', ['--no-install', 'ems-conformance', ...args], { env: cleanEnv(env) });

const readReport = (dir: string): ConformanceReport => JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8')) as ConformanceReport;
const verdictOf = (report: ConformanceReport, id: string) => report.rules.find((rule) => rule.id === id)?.verdict;

/** `ems-conformance mock --port 0` in the project, resolved with its base URL once it listens. */
function startMock(faults: string[] = []): Promise<string> {
  const args = ['--no-install', 'ems-conformance', 'mock', '--port', '0', ...(faults.length > 0 ? ['--faults', faults.join(',')] : [])];
  const child = spawn('npx', args, { cwd: project, env: cleanEnv(), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  mocks.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /listening on (http:\S+\/v1)/.exec(out)?.[1];
      if (url) resolve(url);
    });
    child.on('close', (code) => reject(new Error(`ems-conformance mock exited ${code}: ${out}`)));
  });
}

before(async () => {
  // npm pack runs the build (prepack): the tarball holds build/, never the TypeScript sources.
  const packDir = join(root, 'pack');
  mkdirSync(packDir);
  const packed = await exec('npm', ['pack', '--pack-destination', packDir], { cwd: repoPath(), limitMs: 180_000 });
  assert.equal(packed.code, 0, packed.out);
  tarball = join(packDir, readdirSync(packDir).find((name) => name.endsWith('.tgz'))!);

  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'a-team-project', version: '1.0.0', private: true }));
  const install = await exec('npm', ['i', '--no-audit', '--no-fund', tarball], { limitMs: 180_000 });
  assert.equal(install.code, 0, install.out);
});

after(() => {
  for (const mock of mocks) {
    try {
      process.kill(-mock.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  rmSync(root, { recursive: true, force: true });
});

test('should install as built JavaScript with its spec, rules and profiles, and without tsx', () => {
  for (const file of ['build/bin/ems-conformance.js', 'build/playwright.config.js', 'spec/openapi.yaml', 'spec/rules.yaml', 'profiles/service.json', 'dist/openapi.json', 'LICENSE']) {
    assert.ok(existsSync(join(installed, file)), `the package lacks ${file}`);
  }
  const sources = readdirSync(installed, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts') && !file.includes('node_modules'));
  assert.deepEqual(sources, []);
  assert.equal(existsSync(join(project, 'node_modules', 'tsx')), false, 'tsx was installed with the package');
});

test('should print every command, and each command its usage, with --help', async () => {
  const help = await npx(['--help']);
  assert.equal(help.code, 0, help.out);
  const commands = ['run', 'verify', 'mock', 'proxy', 'merge', 'report', 'spec-diff', 'spec-bundle', 'scan-secrets'];
  for (const command of commands) assert.match(help.out, new RegExp(`^  ${command} `, 'm'));
  const bin = join(project, 'node_modules', '.bin', 'ems-conformance');
  for (const command of commands) {
    const usage = await exec(bin, [command, '--help']);
    assert.equal(usage.code, 0, `${command} --help: ${usage.out}`);
    assert.match(usage.out, /usage/i, `${command} --help printed no usage`);
  }
  const version = await npx(['--version']);
  assert.equal(version.out.trim().split('\n').pop(), (JSON.parse(readFileSync(repoPath('package.json'), 'utf8')) as { version: string }).version);
  const unknown = await npx(['rnu']);
  assert.equal(unknown.code, 2, unknown.out);
  assert.match(unknown.out, /unknown command "rnu"/);
  // spec-bundle regenerates the repository's bundle; the package ships it and says where.
  const bundle = await exec(bin, ['spec-bundle']);
  assert.equal(bundle.code, 2, bundle.out);
  assert.ok(bundle.out.includes(join(installed, 'dist', 'openapi.json')), bundle.out);
});

test('should judge the embedded mock with every suite, exit 0 and write the reports in the project folder', { timeout: 300_000 }, async () => {
  const run = await npx(['run']);
  assert.equal(run.code, 0, run.out.slice(-3000));
  const report = readReport(join(project, 'reports'));
  assert.equal(report.counts.fail, 0);
  assert.equal(report.counts.pass, report.rules.length, 'every rule of the catalogue passes against the embedded mock');
  assert.ok(existsSync(join(project, 'reports', 'conformance.html')));
  assert.ok(existsSync(join(project, 'reports', 'junit.xml')));
  assert.equal(existsSync(join(installed, 'reports')), false, 'the run wrote inside the installed package');
  assert.equal(existsSync(join(installed, 'test-results')), false, 'the run wrote inside the installed package');
});

test('should exit 1 naming the broken rule when a mock fault is on', { timeout: 300_000 }, async () => {
  const run = await npx(['run', ...PING_ONLY], { EMS_MOCK_FAULTS: PING_FAULT });
  assert.equal(run.code, 1, run.out.slice(-3000));
  assert.match(run.out, /schema\.helper\.ping/);
  const report = readReport(join(project, 'reports'));
  assert.equal(verdictOf(report, 'schema.helper.ping'), 'fail');
  assert.equal(report.counts.fail, 1);
});

test('should judge a mock started with `ems-conformance mock` through run --base-url', { timeout: 300_000 }, async () => {
  const baseUrl = await startMock();
  const run = await npx(['run', '--base-url', baseUrl, '--token', MOCK_TOKEN, ...PING_ONLY]);
  assert.equal(run.code, 0, run.out.slice(-3000));
  const report = readReport(join(project, 'reports'));
  assert.equal(report.target.embeddedMock, false);
  assert.equal(report.target.baseUrl, baseUrl);
  assert.deepEqual(PING_RULES.map((id) => verdictOf(report, id)), ['pass', 'pass']);
  assert.equal(report.counts.fail, 0);
  assert.doesNotMatch(run.out, new RegExp(MOCK_TOKEN), 'the token was printed');
});

test('should gate with the shell recipe: 2 shards merged exit 0, and exit 1 when a shard has a failing rule', { timeout: 600_000 }, async () => {
  const recipe = join(installed, 'docs', 'pipeline.sh');
  const pipeline = (baseUrl: string) =>
    exec('bash', [recipe, ...PING_ONLY], { env: cleanEnv({ EMS_BASE_URL: baseUrl, EMS_TOKEN: MOCK_TOKEN, EMS_PACKAGE: tarball, EMS_SHARDS: '2' }), limitMs: 300_000 });
  const [clean, faulty] = await Promise.all([startMock(), startMock([PING_FAULT])]);

  const passing = await pipeline(clean);
  assert.equal(passing.code, 0, passing.out.slice(-3000));
  // Each shard's blob stays in its own folder (blob-report/shard-I-of-N/), gathered by the recipe.
  const shardZips = readdirSync(join(project, 'blob-report'), { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.zip'));
  assert.equal(shardZips.length, 2, `one blob per shard, none erased: ${shardZips.join(', ')}`);
  const merged = readReport(join(project, 'reports'));
  assert.deepEqual(PING_RULES.map((id) => verdictOf(merged, id)), ['pass', 'pass'], 'the merge holds both shards’ rules');
  assert.equal(merged.counts.fail, 0);
  assert.equal(merged.target.baseUrl, clean);

  const failing = await pipeline(faulty);
  assert.equal(failing.code, 1, failing.out.slice(-3000));
  const report = readReport(join(project, 'reports'));
  assert.deepEqual(PING_RULES.map((id) => verdictOf(report, id)), ['pass', 'fail']);
  assert.equal(report.counts.fail, 1);
});

test('should stop the proxy on SIGTERM: HAR and reports written, port free, exit code of the judgement', { timeout: 400_000 }, async () => {
  const target = new URL(await startMock()).origin;
  const dir = join(project, 'proxied');
  mkdirSync(dir);
  // The installed command itself, as a CI script's `ems-conformance proxy & ... kill $!` signals it.
  const proxy = spawn(join(project, 'node_modules', '.bin', 'ems-conformance'), ['proxy', '--target', target, '--port', '0'], { cwd: dir, env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proxy.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  proxy.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => proxy.on('close', resolve));
  const proxyUrl = await new Promise<URL>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the proxy did not start: ${out}`)), 60_000);
    proxy.stdout.on('data', () => {
      const url = /^proxy: (http:\S+)/m.exec(out)?.[1];
      if (url) resolve((clearTimeout(timer), new URL(url)));
    });
  });

  // Enough traffic for the offline judgement to decide helper/ping's rules (a token other operations accept).
  const run = await npx(['run', '--base-url', `${proxyUrl.origin}/v1`, '--token', MOCK_TOKEN, '--grep', 'helper|envelope']);
  assert.equal(run.code, 0, run.out.slice(-3000));
  proxy.kill('SIGTERM');
  const code = await exited;

  assert.ok(existsSync(join(dir, 'reports', 'proxy.har')), `no HAR: ${out.slice(-2000)}`);
  const report = readReport(join(dir, 'reports'));
  assert.deepEqual(PING_RULES.map((id) => verdictOf(report, id)), ['pass', 'pass'], out.slice(-3000));
  assert.equal(report.counts.fail, 0);
  assert.equal(code, 0, `the proxy's exit code is not its judgement's (no rule fails): ${out.slice(-3000)}`);
  const portFree = await new Promise<boolean>((resolve) => {
    const socket = connect(Number(proxyUrl.port), proxyUrl.hostname);
    socket.on('connect', () => (socket.destroy(), resolve(false)));
    socket.on('error', () => resolve(true));
  });
  assert.ok(portFree, 'the proxy still listens after SIGTERM');
});
