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
import { after, before, describe, test } from 'node:test';
import { parse } from 'yaml';
import { childEnv } from '../../bin/lib/env';
import { repoPath } from '../../harness/contract';
import { runExit } from '../../harness/report/exit-code';
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
  for (const file of ['build/bin/ems-conformance.js', 'build/playwright.config.js', 'spec/openapi.yaml', 'spec/rules.yaml', 'spec/source/interface.md', 'spec/source/service-facts.md', 'profiles/service.json', 'dist/openapi.json', '.github/workflows/conformance.yml', 'LICENSE']) {
    assert.ok(existsSync(join(installed, file)), `the package lacks ${file}`);
  }
  const sources = readdirSync(installed, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts') && !file.includes('node_modules'));
  assert.deepEqual(sources, []);
  assert.equal(existsSync(join(project, 'node_modules', 'tsx')), false, 'tsx was installed with the package');
});

test("should ship every file its README links to", () => {
  const readme = readFileSync(join(installed, 'README.md'), 'utf8');
  const links = [...readme.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((match) => match[1]!).filter((link) => !/^[a-z]+:/.test(link));
  assert.ok(links.length >= 5, `links: ${links.join(', ')}`);
  const missing = links.filter((link) => !existsSync(join(installed, link)));
  assert.deepEqual(missing, [], 'the packed README links to files the package does not hold');
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
    assert.doesNotMatch(usage.out, /npm run/, `${command} --help speaks of the repository's npm scripts: ${usage.out}`);
    assert.match(usage.out, new RegExp(`usage: ems-conformance ${command}`), `${command} --help does not say how to call it from the package`);
  }
  // The proxy exits with its judgement's code, a harness error (4) among them.
  assert.match((await exec(bin, ['proxy', '--help'])).out, /4 harness error/);
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
  // The caller's own folders of the same names are none of the recipe's business.
  for (const folder of ['reports', 'blob-report', 'shards']) {
    mkdirSync(join(project, folder), { recursive: true });
    writeFileSync(join(project, folder, 'the-teams-own.txt'), 'keep');
  }

  const passing = await pipeline(clean);
  assert.equal(passing.code, 0, passing.out.slice(-3000));
  // Each shard's blob stays in its own folder (blob-report/shard-I-of-N/), gathered by the recipe.
  // Everything it writes is in its own working folder (./ems-conformance-run): nothing beside it is touched.
  const work = join(project, 'ems-conformance-run');
  const shardZips = readdirSync(join(work, 'blob-report'), { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.zip'));
  assert.equal(shardZips.length, 2, `one blob per shard, none erased: ${shardZips.join(', ')}`);
  const merged = readReport(join(work, 'reports'));
  assert.deepEqual(PING_RULES.map((id) => verdictOf(merged, id)), ['pass', 'pass'], 'the merge holds both shards’ rules');
  assert.equal(merged.counts.fail, 0);
  assert.equal(merged.target.baseUrl, clean);
  for (const folder of ['reports', 'blob-report', 'shards']) assert.ok(existsSync(join(project, folder, 'the-teams-own.txt')), `the recipe deleted ${folder}/ of its caller`);

  const failing = await pipeline(faulty);
  assert.equal(failing.code, 1, failing.out.slice(-3000));
  const report = readReport(join(work, 'reports'));
  assert.deepEqual(PING_RULES.map((id) => verdictOf(report, id)), ['pass', 'fail']);
  assert.equal(report.counts.fail, 1);
});

test('should stop its shards when the shell recipe is signalled: exit 143, no shard left running', { timeout: 400_000 }, async () => {
  const baseUrl = await startMock();
  const work = join(project, 'signalled-recipe');
  const recipe = spawn('bash', [join(installed, 'docs', 'pipeline.sh')], {
    cwd: project,
    env: cleanEnv({ EMS_BASE_URL: baseUrl, EMS_TOKEN: MOCK_TOKEN, EMS_PACKAGE: tarball, EMS_SHARDS: '2', EMS_PIPELINE_DIR: work }),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  mocks.push(recipe);
  let out = '';
  recipe.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  recipe.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number>((resolve) => recipe.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : -1))));
  const shardLog = (i: number) => join(work, 'shards', `${i}.log`);
  await until('both shards are running their tests', () => [1, 2].every((i) => existsSync(shardLog(i)) && /Running \d+ test/.test(readFileSync(shardLog(i), 'utf8'))), 240_000, () => out);
  process.kill(recipe.pid!, 'SIGTERM');
  assert.equal(await exited, 143, out);
  assert.match(out, /pipeline: SIGTERM: stopping the shards/);
  // Each shard was stopped as a run is: it reports what it judged, and nothing of it goes on.
  const shardProcesses = () =>
    readdirSync('/proc').filter((pid) => {
      try {
        return /^\d+$/.test(pid) && readFileSync(`/proc/${pid}/environ`, 'latin1').includes(`EMS_REPORT_DIR=${work}/shards/`);
      } catch {
        return false;
      }
    });
  await until('no shard process is left', () => shardProcesses().length === 0, 30_000, () => out);
  for (const i of [1, 2]) assert.match(readFileSync(shardLog(i), 'utf8'), /conformance: SIGTERM: stopping the run/);
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

/**
 * How each launcher a team may use starts a long-running command: npx and npm exec run it as npm -> `sh -c` -> node
 * (dash as /bin/sh keeps a SIGINT sent to npm's pid, and dies of a SIGTERM, which ends npm at once); `npm exec -c
 * 'exec ...'` has the shell replace itself with node, so npm's forward of a signal reaches it.
 */
type Launcher = 'npx' | 'npm exec' | 'npm exec -c exec';

function launch(launcher: Launcher, args: string[], env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const [command, commandArgs] =
    launcher === 'npx' ? ['npx', ['--no-install', 'ems-conformance', ...args]]
    : launcher === 'npm exec' ? ['npm', ['exec', '--no', '--', 'ems-conformance', ...args]]
    : ['npm', ['exec', '-c', `exec ems-conformance ${args.map((arg) => `'${arg}'`).join(' ')}`]];
  // Its own process group, whose id is npm's pid: `kill -- -PGID` signals npm, sh and node at once.
  const child = spawn(command, commandArgs, { cwd: project, env: cleanEnv(env), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  mocks.push(child);
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return { child, output: () => out };
}

/** What a shell's `wait` gives for a process that ended: its code, or 128 + the signal that ended it. */
function shellCode(code: number | null, signal: NodeJS.Signals | null): number {
  return code ?? 128 + (signal === 'SIGTERM' ? 15 : signal === 'SIGINT' ? 2 : signal === 'SIGKILL' ? 9 : 0);
}

async function until(what: string, condition: () => boolean | Promise<boolean>, limitMs: number, output: () => string): Promise<void> {
  const end = Date.now() + limitMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`${what}: not within ${limitMs} ms; output:\n${output().slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('connect', () => (socket.destroy(), resolve(true)));
    socket.on('error', () => resolve(false));
  });

/** The signal, where it goes, and what the shell sees (README, "Stopping proxy, mock and run"). */
interface SignalCase {
  launcher: Launcher;
  signal: NodeJS.Signals;
  to: 'pid' | 'group';
  /** 'judgement': the command's own exit code (the proxy's judgement, the mock's 0); a number: npm's. */
  shellSees: 'judgement' | number;
  /** Whether the command ended before the shell's wait returned (else it goes on after, to the same end). */
  endedFirst: boolean;
}

const SIGNAL_CASES: SignalCase[] = [
  ...(['npx', 'npm exec'] as const).flatMap((launcher): SignalCase[] => [
    { launcher, signal: 'SIGTERM', to: 'pid', shellSees: 143, endedFirst: false },
    { launcher, signal: 'SIGTERM', to: 'group', shellSees: 143, endedFirst: false },
    { launcher, signal: 'SIGINT', to: 'group', shellSees: 130, endedFirst: true },
    // dash keeps a SIGINT sent to npm's pid alone: the command is never told; a SIGTERM then stops it.
    { launcher, signal: 'SIGINT', to: 'pid', shellSees: 143, endedFirst: false },
  ]),
  { launcher: 'npm exec -c exec', signal: 'SIGTERM', to: 'pid', shellSees: 'judgement', endedFirst: true },
  { launcher: 'npm exec -c exec', signal: 'SIGINT', to: 'group', shellSees: 'judgement', endedFirst: true },
];

const caseName = (c: SignalCase) => `${c.launcher}, ${c.signal} to ${c.to === 'pid' ? "npm's pid" : 'the process group'}`;

/** Signals as the case says; for SIGINT to npm's pid, proves the command still listens, then sends SIGTERM. Resolves with what the shell sees. */
async function signalled(c: SignalCase, child: ChildProcess, port: number, output: () => string): Promise<number> {
  const ended = new Promise<number>((resolve) => child.once('exit', (code, signal) => resolve(shellCode(code, signal))));
  process.kill(c.to === 'group' ? -child.pid! : child.pid!, c.signal);
  if (c.signal === 'SIGINT' && c.to === 'pid' && c.launcher !== 'npm exec -c exec') {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    assert.ok(await listening(port), `the command was told of a SIGINT to npm's pid after all: ${output()}`);
    process.kill(child.pid!, 'SIGTERM');
  }
  return Promise.race([ended, new Promise<number>((_, reject) => setTimeout(() => reject(new Error(`npm did not exit: ${output()}`)), 200_000))]);
}

describe('the installed mock stops on a signal through npx and npm exec: the port is freed', { concurrency: 4, timeout: 300_000 }, () => {
  for (const c of SIGNAL_CASES) {
    test(caseName(c), { timeout: 120_000 }, async () => {
      const { child, output } = launch(c.launcher, ['mock', '--port', '0'], {});
      await until('the mock listens', () => /listening on http:\/\/127\.0\.0\.1:\d+/.test(output()), 60_000, output);
      const port = Number(/listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output())![1]);
      const seen = await signalled(c, child, port, output);
      assert.equal(seen, c.shellSees === 'judgement' ? 0 : c.shellSees, output());
      if (c.endedFirst) assert.equal(await listening(port), false, 'the port is still taken when the shell sees the end');
      await until('the port is freed', async () => !(await listening(port)), 20_000, output);
    });
  }
});

describe('the installed proxy stops on a signal through npx and npm exec: port freed, HAR written and judged', { concurrency: 3, timeout: 900_000 }, () => {
  let target = '';
  before(async () => {
    target = new URL(await startMock()).origin;
  });
  for (const [index, c] of SIGNAL_CASES.entries()) {
    test(caseName(c), { timeout: 400_000 }, async () => {
      const dir = join(project, `signalled-${index}`);
      const har = join(dir, 'proxy.har');
      const env = { EMS_REPORT_DIR: join(dir, 'reports'), EMS_TEST_RESULTS_DIR: join(dir, 'test-results') };
      const { child, output } = launch(c.launcher, ['proxy', '--target', target, '--port', '0', '--har-out', har, '--workers', '1'], env);
      await until('the proxy listens', () => /^proxy: http:\/\/127\.0\.0\.1:\d+ ->/m.test(output()), 60_000, output);
      const port = Number(/^proxy: http:\/\/127\.0\.0\.1:(\d+) ->/m.exec(output())![1]);
      const headers = { Authorization: `Bearer ${MOCK_TOKEN}` };
      assert.equal((await fetch(`http://127.0.0.1:${port}/v1/helper/ping`, { headers })).status, 200);

      const seen = await signalled(c, child, port, output);
      const judged = () => existsSync(har) && existsSync(join(dir, 'reports', 'conformance.json'));
      if (c.endedFirst) {
        assert.ok(judged(), `the shell saw the end before the HAR was judged: ${output().slice(-2000)}`);
        assert.equal(await listening(port), false, 'the port is still taken when the shell sees the end');
      }
      await until('the HAR is written and judged', judged, 300_000, output);
      await until('the port is freed', async () => !(await listening(port)), 20_000, output);
      const report = readReport(join(dir, 'reports'));
      assert.equal(report.mode, 'traffic');
      assert.equal((JSON.parse(readFileSync(har, 'utf8')) as { log: { entries: unknown[] } }).log.entries.length, 1, 'the HAR holds the one exchange');
      const judgement = runExit(report, { acceptPartial: false }).code;
      assert.equal(seen, c.shellSees === 'judgement' ? judgement : c.shellSees, output().slice(-2000));
    });
  }
});

describe("the workflow's steps, run as GitHub Actions runs them, in the project with the package installed", () => {
  type Step = { name?: string; run?: string };
  type Workflow = { env: Record<string, unknown>; jobs: Record<string, { steps: Step[] }> };
  // The workflow as the package ships it (installed by the file's `before`).
  const workflow = () => parse(readFileSync(join(installed, '.github', 'workflows', 'conformance.yml'), 'utf8')) as Workflow;
  const step = (job: string, name: RegExp) => workflow().jobs[job]!.steps.find((s) => s.name && name.test(s.name))!.run!;
  /** `bash -e` on the step's script, with the workflow's env as the repository with nothing set gives it: empty strings. */
  const runStep = (script: string, env: Record<string, string>) => {
    const unset = Object.fromEntries(Object.entries(workflow().env).map(([name, value]) => [name, typeof value === 'string' && value.includes('${{') ? '' : String(value)]));
    return exec('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], { env: cleanEnv({ ...unset, ...env }), limitMs: 120_000 });
  };

  test('the first step refuses to run without EMS_BASE_URL and EMS_TOKEN, in one line', async () => {
    const refused = await runStep(step('prepare', /^Refuse/), {});
    assert.equal(refused.code, 2, refused.out);
    const lines = refused.out.trim().split('\n');
    assert.equal(lines.length, 1, refused.out);
    assert.match(lines[0]!, /^::error::conformance not run: set the repository's variable EMS_BASE_URL, secret EMS_TOKEN /);
    const set = await runStep(step('prepare', /^Refuse/), { EMS_BASE_URL: 'https://staging.example.net/v1', EMS_TOKEN: 'x' });
    assert.equal(set.code, 0, set.out);
  });

  test('the shard list comes from SHARDS alone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ems-gh-output-'));
    try {
      const output = join(dir, 'output');
      const listed = await runStep(step('prepare', /shard list/), { GITHUB_OUTPUT: output, SHARDS: '4' });
      assert.equal(listed.code, 0, listed.out);
      assert.equal(readFileSync(output, 'utf8'), 'list=[1,2,3,4]\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('the shard step with EMS_BASE_URL empty exits 2, never a green run against the embedded mock', { timeout: 120_000 }, async () => {
    const shard = await runStep(step('shard', /^Run shard/), { SHARD: '1', EMS_TOKEN: MOCK_TOKEN, EMS_BLOB_DIR: 'blob-report' });
    assert.equal(shard.code, 2, shard.out);
    assert.match(shard.out, /EMS_BASE_URL is set but empty/);
    assert.match(shard.out, /shard 1\/3 exited 2/);
  });
});
