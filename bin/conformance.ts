/**
 * The main command: checks the configuration, pings a remote target, runs the Playwright suites,
 * prints the summary of reports/conformance.json and exits non-zero when a rule fails (or, with
 * --baseline and --fail-on new, only when a rule newly fails). Usage: ems-conformance run --help
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, createRedactor, isOutage, readSettings, redactorFromEnv, reportDir, resolveTarget, tokensOfEnv, type Settings, type Target } from '../harness/core';
import { createApiClient, DEFAULT_MAX_HAR_BYTES, loadTraffic } from '../harness/exchanges';
import type { ConformanceReport } from '../harness/types';
import { killChildren, runChild, signalChildren } from './lib/child';
import { CONFORMANCE_CONFIG, playwrightCommand, playwrightEnv } from './lib/commands';
import { parseFlags, positiveInteger, runMain } from './lib/cli';
import { precheckHarFiles } from './lib/har-precheck';
import { concludeRun, failOnOf, flakyOf, minCoverageOf, readBaseline, readReport } from './lib/run-exit';
import { DEFAULT_REPLAYS, replayPhase } from './lib/replay-failures';
import type { FailOn, FlakyPolicy } from '../harness/report/release-gate';
import { onStopSignal, stopCauseText, type StopCause } from '../harness/core';

/** Flags that set an environment variable of docs/ARCHITECTURE.md. */
const VARIABLE_FLAGS = {
  'base-url': 'EMS_BASE_URL',
  'auth-url': 'EMS_AUTH_URL',
  token: 'EMS_TOKEN',
  'token-no-groups': 'EMS_TOKEN_NO_GROUPS',
  'token-no-import': 'EMS_TOKEN_NO_IMPORT',
  'token-app': 'EMS_TOKEN_APP',
  profile: 'EMS_PROFILE',
  'max-rps': 'EMS_MAX_RPS',
  'timeout-ms': 'EMS_TIMEOUT_MS',
  'budget-s': 'EMS_BUDGET_S',
  'export-budget-s': 'EMS_EXPORT_BUDGET_S',
  'max-body-bytes': 'EMS_MAX_BODY_BYTES',
  seed: 'EMS_SEED',
  path: 'EMS_PATH',
  runs: 'EMS_RUNS',
  faults: 'EMS_MOCK_FAULTS',
  workers: 'EMS_WORKERS',
  'max-har-bytes': 'EMS_MAX_HAR_BYTES',
  'min-coverage': 'EMS_MIN_COVERAGE',
  replays: 'EMS_REPLAYS',
} as const;

const USAGE = `usage: ems-conformance run [flags]
  target     --base-url URL  --auth-url URL  --profile service|rest|problem-json|FILE
  tokens     --token T  --token-no-groups T  --token-no-import T  --token-app T   (or EMS_TOKEN, ...)
  run        --allow-writes  --max-rps N  --timeout-ms N  --budget-s N  --export-budget-s N  --max-body-bytes N
             --seed N  --path P  --runs N  --workers N  --grep REGEX  --shard I/N
  mock       --faults a,b   (embedded mock only: without --base-url)
  baseline   --baseline OLD/conformance.json  --fail-on any|new|drift|new,drift   (ems-conformance verify: the release summary)
  replays    --replays N  --flaky fail|warn   (each failing rule's test run again alone, N times with its seed and path
             and once with a new seed, labelled stable, flaky k/n or not reproduced; default 3, 0 none; --flaky warn:
             failures that did not reproduce on every replay do not fail the run)
  traffic    --har FILE...  --max-har-bytes N   (judge recorded HAR 1.2 files instead of sending requests: no request is sent;
             --base-url selects the API's exchanges, else inferred; a HAR over N bytes is refused, default ${DEFAULT_MAX_HAR_BYTES / 1024 / 1024} MiB)
  partial    --accept-partial   (EMS_ACCEPT_PARTIAL=1: a run cut short or left inconclusive by transport failures exits 0, not 3)
  coverage   --min-coverage N   (a run whose input-space coverage, classes or pairs, is below N % exits 5)
Every flag has an EMS_* variable (docs/ARCHITECTURE.md). Exit: 0 no failing rule, 1 failing rules, 2 configuration or target unusable,
3 no failing rule but a partial run: rules left inconclusive by the time budget or by transport failures,
4 no failing rule but a harness error (the harness itself threw while judging a rule or writing a report; never a failure of the target),
5 no failing rule nor harness error, but the input-space coverage is below --min-coverage.`;

const PREFLIGHT_TIMEOUT_MS = 5000;

/** What each flag's value is, as the usage line names it (for a flag given without its value). */
const FLAG_VALUES: Record<string, string> = {
  'base-url': 'URL', 'auth-url': 'URL', token: 'T', 'token-no-groups': 'T', 'token-no-import': 'T', 'token-app': 'T',
  profile: 'service|rest|problem-json|FILE', 'max-rps': 'N (requests per second, greater than 0)', 'timeout-ms': 'N', 'budget-s': 'N',
  'export-budget-s': 'N', 'max-body-bytes': 'N', seed: 'N', path: 'P', runs: 'N', faults: 'a,b', workers: 'N',
  grep: 'REGEX', shard: 'I/N', baseline: 'OLD/conformance.json', 'fail-on': 'any|new|drift|new,drift', har: 'FILE...', 'max-har-bytes': 'N', 'min-coverage': 'N (percent, 0 to 100)',
  replays: 'N (0 or more)', flaky: 'fail|warn',
};

async function main(): Promise<number> {
  const { values } = parseFlags(
    harFilesRepeated(process.argv.slice(2)),
    {
      ...Object.fromEntries(Object.keys(VARIABLE_FLAGS).map((flag) => [flag, { type: 'string' as const }])),
      'allow-writes': { type: 'boolean' },
      'accept-partial': { type: 'boolean' },
      grep: { type: 'string' },
      shard: { type: 'string' },
      baseline: { type: 'string' },
      'fail-on': { type: 'string', default: 'any' },
      flaky: { type: 'string' },
      har: { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h' },
    },
    FLAG_VALUES,
  );
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const failOn = failOnOf(values['fail-on'], values.baseline);
  const flaky = flakyOf(values.flaky ?? process.env.EMS_FLAKY);
  const baseline = values.baseline ? readBaseline(values.baseline) : undefined;
  if (values.har) precheckHarFiles(values.har, process.env.EMS_HAR_AS_NAMED === '1');
  if (values.shard !== undefined) checkShard(values.shard);
  // Playwright would run a worker count of 0 as its default: say so rather than run something else than asked.
  const workersFlag = values['workers' as keyof typeof values] as string | undefined;
  const workers = workersFlag ?? process.env.EMS_WORKERS;
  if (workers !== undefined && workers !== '') positiveInteger(workersFlag !== undefined ? '--workers' : 'EMS_WORKERS', workers);

  refuseEmptyBaseUrl(values['base-url' as keyof typeof values] as string | undefined, process.env.EMS_BASE_URL);

  const env: Record<string, string | undefined> = { ...process.env };
  for (const [flag, variable] of Object.entries(VARIABLE_FLAGS)) {
    const value = values[flag as keyof typeof values];
    if (typeof value === 'string') env[variable] = value;
  }
  if (values['allow-writes']) env.EMS_ALLOW_WRITES = '1';
  if (values.shard) env.EMS_BLOB = '1';
  env.EMS_RUN_STARTED_AT = String(Date.now());

  const settings = readSettings(env);
  env.EMS_SEED = String(settings.seed);
  const minCoverage = minCoverageOf(env.EMS_MIN_COVERAGE);
  const trafficDir = values.har ? prepareTraffic(values.har, env, settings, values.shard) : undefined;
  // A --har run's budget is for judging: it counts from when the recording has been read (a large one takes minutes).
  if (trafficDir) env.EMS_RUN_STARTED_AT = String(Date.now());
  stopOnSignal(trafficDir);
  try {
    if (env.EMS_BASE_URL && !trafficDir) await preflight(resolveTarget(env));
    const replays = replaysOf(env.EMS_REPLAYS);
    return await run(env, { grep: values.grep, shard: values.shard, acceptPartial: values['accept-partial'] === true, replays, flaky, baselineFile: values.baseline, ...(minCoverage === undefined ? {} : { minCoverage }) }, baseline, failOn);
  } finally {
    if (trafficDir) rmSync(trafficDir, { recursive: true, force: true });
  }
}

/** What the Playwright run and its verdict depend on besides the environment. */
interface RunFlags {
  grep?: string;
  shard?: string;
  acceptPartial: boolean;
  minCoverage?: number;
  /** Replays of each failing rule (bin/lib/replay-failures.ts); a shard replays nothing. */
  replays: number;
  flaky: FlakyPolicy;
  baselineFile?: string;
}

async function run(env: Record<string, string | undefined>, values: RunFlags, baseline: ConformanceReport | undefined, failOn: FailOn): Promise<number> {
  const reportFile = join(reportDir(env), 'conformance.json');
  rmSync(reportFile, { force: true });
  if (stoppedBy) {
    console.error(`conformance: stopped (${stopCauseText(stoppedBy)}) before the run began`);
    return 130;
  }
  const args = ['test', '--config', CONFORMANCE_CONFIG, ...(values.grep ? ['--grep', values.grep] : []), ...(values.shard ? ['--shard', values.shard] : [])];
  // In its own process group: a stop (a signal however it comes, or our parent gone) reaches Playwright once, as
  // the SIGINT stopSignal forwards, and Playwright ends the run and still writes the report; a group signal that
  // reached it as well as us would be a second SIGINT, which makes Playwright quit without its report.
  // In the working directory: what the run writes goes under it (an installed package writes nothing inside itself).
  const finished = await runChild(...playwrightCommand(args), { env: playwrightEnv(env), cwd: process.cwd(), output: 'inherit' });
  const playwrightExit = stoppedBy ? 0 : (finished.code ?? (finished.signal ? 130 : 1));
  if (!existsSync(reportFile) && stoppedBy) {
    console.error(`conformance: stopped (${stopCauseText(stoppedBy)}) before any rule was judged: no report`);
    return 130;
  }
  if (!existsSync(reportFile)) {
    console.error(`conformance: no report was written (playwright exited with code ${playwrightExit})`);
    return 2;
  }

  const acceptPartial = values.acceptPartial || env.EMS_ACCEPT_PARTIAL === '1';
  const judged = readReport(reportFile, 'the report');
  // A run stopped early replays nothing: its failing rules are concluded as they stand.
  const report = values.shard || stoppedBy ? judged : await replayPhase(judged, env, reportDir(env), values.replays);
  const code = await concludeRun(report, {
    playwrightExit,
    acceptPartial,
    baseline,
    baselineFile: values.baselineFile,
    failOn,
    flaky: values.flaky,
    reportDir: reportDir(env),
    ...(values.minCoverage === undefined ? {} : { minCoverage: values.minCoverage }),
  });
  if (!stoppedBy || code !== 0 || acceptPartial) return code;
  // Stopped before its end, with no failing rule: the rules it never ran are unjudged, a partial run.
  console.log(`conformance: the run was stopped (${stopCauseText(stoppedBy)}) before every rule was judged: a partial run exits 3 (--accept-partial accepts it)`);
  return 3;
}

/** Why the run was stopped early, once it was. */
let stoppedBy: StopCause | undefined;
/**
 * How long Playwright has, after the stop, to end the run and write its report. It takes seconds; a run stopped
 * while a worker was starting has been seen to wait on that worker indefinitely: then every child is killed.
 */
const STOP_GRACE_MS = 30_000;

/**
 * A stop (SIGINT, SIGTERM or SIGHUP, directly, through npm or to the group; or our parent gone, as when npx's
 * `sh -c` dies of npm's SIGTERM) asks Playwright to end the run: it writes the report of what it judged, which
 * is then concluded as usual. A second signal a while later gives up: every child killed, exit 130.
 */
function stopOnSignal(trafficDir: string | undefined): void {
  onStopSignal(
    (cause) => {
      stoppedBy = cause;
      console.error(`conformance: ${stopCauseText(cause)}: stopping the run; the rules judged so far are reported`);
      signalChildren('SIGINT');
      setTimeout(() => {
        console.error(`conformance: Playwright did not end within ${STOP_GRACE_MS / 1000} s of the stop: killed`);
        killChildren();
      }, STOP_GRACE_MS).unref();
    },
    () => {
      killChildren();
      // The recorded exchanges hold no token, but their folder must not outlive the run.
      if (trafficDir) rmSync(trafficDir, { recursive: true, force: true });
      process.exit(130);
    },
  );
}

/**
 * An empty base URL (`--base-url ""`, or EMS_BASE_URL set to nothing, as a CI variable that was never defined
 * gives it) is a mistake, never a request for the embedded mock: a pipeline would go green without its target.
 */
function refuseEmptyBaseUrl(flag: string | undefined, variable: string | undefined): void {
  if (flag !== undefined && flag.trim() === '') {
    throw new ConfigError('--base-url is empty: give the API under test with its version segment (e.g. https://staging.example.net/v1), or leave the flag out to run against the embedded mock');
  }
  if (flag === undefined && variable !== undefined && variable.trim() === '') {
    throw new ConfigError('EMS_BASE_URL is set but empty (a CI variable that is not defined?): set it to the API under test with its version segment (e.g. https://staging.example.net/v1), or unset it to run against the embedded mock');
  }
}

/**
 * A quick helper/ping with a short timeout. Only what is plainly a configuration problem ends the
 * run at once (exit 2): a base URL nobody answers at, or a token the target refuses. A target that
 * answers badly (garbage, 5xx) is what the run is for: it goes on, and the rules fail with their transport
 * reasons; one that does not answer (timeout, reset, a gateway's page) leaves them inconclusive.
 */
async function preflight(target: Target): Promise<void> {
  const redactor = createRedactor(target.tokens);
  const api = createApiClient(target);
  const response = await api.call('helper.ping', { allowTransportFailure: true, allowRateLimited: true, timeoutMs: Math.min(PREFLIGHT_TIMEOUT_MS, target.timeoutMs) });
  if (response.status === 404) {
    throw new ConfigError(`no helper/ping at ${target.baseUrl} (HTTP 404): check --base-url (it includes the version segment, e.g. https://host/v1)`);
  }
  if (response.transport) {
    const { reason, detail } = response.transport;
    if (reason === 'unreachable') throw new ConfigError(`cannot reach ${target.baseUrl}: helper/ping got ${reason} ${detail}: check --base-url`);
    if (response.status === 401 || response.status === 403) throw refused(target, `HTTP ${response.status}`);
    const consequence = isOutage(reason) ? 'rules that get no answer are left inconclusive: an outage decides no rule' : 'rules fail with the transport reason';
    console.error(`conformance: warning: helper/ping got ${reason} ${redactor.text(detail)}; running anyway (${consequence})`);
    return;
  }
  if (response.outcome === 'error') throw refused(target, redactor.text(response.errors[0] ?? `HTTP ${response.status}`));
}

/**
 * helper/ping answered an error. Under a base URL without its version segment the request went to no
 * operation at all (a service answers that as it likes, even as a refusal): say so rather than blame the token.
 */
function refused(target: Target, why: string): ConfigError {
  const path = new URL(target.baseUrl).pathname.replace(/\/+$/, '');
  if (!/\/v\d+(?:\.\d+)*$/i.test(path)) {
    const example = `${target.baseUrl.replace(/\/+$/, '')}/v1`;
    return new ConfigError(`helper/ping at ${target.baseUrl} answered an error (${why}): the base URL is probably missing its version segment (e.g. ${example})`);
  }
  return new ConfigError(`the target refused EMS_TOKEN on helper/ping (${why}): check --token`);
}

/**
 * A traffic run (--har): reads, selects and redacts the recordings once, here, and hands the workers the
 * normalized exchanges (EMS_TRAFFIC_FILE, in a temporary folder the caller removes) and the API's URLs.
 * A bad recording is refused in one line before anything is written.
 */
function prepareTraffic(files: string[], env: Record<string, string | undefined>, settings: Settings, shard: string | undefined): string {
  if (env.EMS_MOCK_FAULTS) throw new ConfigError('--faults switches faults of the embedded mock on: a --har run starts no mock and sends no request');
  if (shard !== undefined) throw new ConfigError('--shard: a --har run is not sharded (it sends no request; it is quick)');
  const maxHarBytes = env.EMS_MAX_HAR_BYTES ? positiveInteger('--max-har-bytes', env.EMS_MAX_HAR_BYTES) : DEFAULT_MAX_HAR_BYTES;
  // The exchanges hold no token, but the folder must not outlive the run: main removes it, and so does a forced stop.
  const dir = mkdtempSync(join(tmpdir(), 'ems-har-run-'));
  const file = join(dir, 'traffic.ndjson');
  let loaded;
  try {
    loaded = loadTraffic({
      files, baseUrl: env.EMS_BASE_URL, authUrl: env.EMS_AUTH_URL, profile: settings.profile, tokens: tokensOfEnv(env), maxHarBytes,
      maxBodyBytes: settings.maxBodyBytes, out: file, asNamed: env.EMS_HAR_AS_NAMED === '1',
    });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  for (const journal of loaded.journals) console.log(`conformance: reading the proxy's journal ${journal} (the proxy that wrote it did not finish its HAR)`);
  Object.assign(env, { EMS_TRAFFIC_FILE: file, EMS_BASE_URL: loaded.baseUrl, EMS_AUTH_URL: loaded.authUrl });
  console.log(`conformance: judging ${loaded.exchanges} recorded exchanges with ${loaded.baseUrl} (no request is sent)`);
  return dir;
}

/** `--har a.har b.har` as `--har a.har --har b.har` (parseArgs takes one value per flag). */
function harFilesRepeated(args: string[]): string[] {
  const out: string[] = [];
  let inHar = false;
  for (const arg of args) {
    if (arg === '--har') inHar = true;
    else if (arg.startsWith('-')) inHar = false;
    else if (inHar && out[out.length - 1] !== '--har') out.push('--har');
    out.push(arg);
  }
  return out;
}

/** --replays N (EMS_REPLAYS): a whole number, 0 or more; default 3. */
function replaysOf(text: string | undefined): number {
  if (text === undefined || text === '') return DEFAULT_REPLAYS;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 0) throw new ConfigError(`--replays ${text}: give a whole number, 0 or more`);
  return value;
}

/** --shard I/N: this machine runs part I of N (Playwright would answer a wrong one with a stack trace). */
function checkShard(text: string): void {
  const match = /^(\d+)\/(\d+)$/.exec(text);
  const [index, total] = match ? [Number(match[1]), Number(match[2])] : [0, 0];
  if (!match || total < 1 || index < 1 || index > total) {
    throw new ConfigError(`--shard ${text}: give I/N, part I of N with 1 <= I <= N (e.g. --shard 1/3)`);
  }
}

runMain('conformance', main, (text) => redactorFromEnv(process.env).text(text));
