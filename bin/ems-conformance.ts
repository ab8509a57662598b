#!/usr/bin/env node
/**
 * `ems-conformance <command> [flags]`: the one command of the installed package, in the style of
 * `npx playwright test|show-report|merge-reports`. Each subcommand is one of the bin/ entry points, run
 * unchanged with its own flags and EMS_* variables (the repository's npm scripts are aliases of these):
 * the dispatcher only picks the entry point, hands it the remaining arguments and turns what it throws
 * on a bad invocation into one line and exit 2. Usage: ems-conformance --help
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
// Only what --help needs is loaded up front (no harness module): a command loads the harness when it starts.

/** A subcommand: what it does, the npm script that is its alias in the repository, and how it starts. */
interface Command {
  summary: string;
  alias: string;
  /** Its usage, for an entry point that prints none of its own on --help. */
  usage?: string;
  start: () => Promise<unknown>;
}

const COMMANDS: Record<string, Command> = {
  run: {
    summary: 'every suite against --base-url, or against the embedded mock without it (the default command)',
    alias: 'npm run conformance --',
    start: () => import('./conformance'),
  },
  verify: {
    summary: 'release verification: run, compare with --baseline OLD.json case by case and print new, fixed, still failing, flaky, stale, rule changed and drift',
    alias: 'npm run verify --',
    usage: `usage: ems-conformance verify --baseline OLD/conformance.json [--fail-on new|new,drift|any] [--flaky fail|warn] [run flags]
  Runs as \`run\` does (every run flag applies, --har too), replays each failure (stable, flaky k/n, not reproduced),
  compares the run with the baseline case by case and prints one release summary. --fail-on defaults to new: exit 1
  on a failing case the baseline does not hold or whose rule changed since it was made (and on drift with
  new,drift); the other exit codes are run's. Keep the run's reports/conformance.json as the next baseline.`,
    start: startVerify,
  },
  mock: {
    summary: 'the reference mock of the service on a port, for your own client or for run --base-url',
    alias: 'npm run mock --',
    start: () => import('../mock/cli'),
  },
  proxy: {
    summary: 'a recording proxy in front of --target; on SIGINT/SIGTERM it writes the HAR and judges it',
    alias: 'npm run proxy --',
    start: () => import('./proxy'),
  },
  merge: {
    summary: "merges the blob reports of sharded runs (run --shard I/N) into one run's reports and exit code",
    alias: 'npm run conformance:merge --',
    start: () => import('./merge'),
  },
  report: {
    summary: 'renders conformance.html and junit.xml again from a conformance.json',
    alias: 'npm run report --',
    usage: `usage: ems-conformance report [path/to/conformance.json] [--baseline OLD/conformance.json] [--out DIR]
  Re-renders conformance.html and junit.xml from a conformance.json (default reports/conformance.json) into its
  folder (or --out), prints the summary and, with --baseline, what changed since the old run.`,
    start: () => import('./report'),
  },
  'spec-diff': {
    summary: 'what changed for conformance between two versions of the spec and rule catalogue',
    alias: 'npm run spec:diff --',
    usage: `usage: ems-conformance spec-diff <old-openapi.yaml> <new-openapi.yaml> [--old-rules a.yaml --new-rules b.yaml] [--json] [--fail-on-breaking]
       ems-conformance spec-diff --since <git-ref> [--json] [--fail-on-breaking]   (inside a clone of this repository)
  Each change is flagged breaking or not. Exit 0; 1 with --fail-on-breaking when a change is breaking; 2 on a usage error.`,
    start: () => import('./spec-diff'),
  },
  'spec-bundle': {
    summary: 'regenerates dist/openapi.json (the contract for generic OpenAPI tools) from spec/openapi.yaml',
    alias: 'npm run spec:bundle --',
    usage: `usage: ems-conformance spec-bundle [--check]
  Writes spec/openapi.yaml as one self-contained OpenAPI 3.1 document, dist/openapi.json, in the repository
  (it needs @redocly/cli, a development dependency). --check exits 1 when the file differs from what the spec
  generates. The installed package ships the bundle: node_modules/ems-conformance/dist/openapi.json.`,
    start: startSpecBundle,
  },
  'scan-secrets': {
    summary: 'fails when a token appears in what a run wrote',
    alias: 'npm run scan:secrets --',
    usage: `usage: ems-conformance scan-secrets [FILE|DIR ...]
  Looks for EMS_TOKEN, EMS_TOKEN_NO_GROUPS, EMS_TOKEN_NO_IMPORT, EMS_TOKEN_APP (from the environment) and the
  embedded mock's tokens in the files given, default reports/, test-results/ and blob-report/ of the working
  directory. Exit 0 none found, 1 a token was found.`,
    start: () => import('./scan-secrets'),
  },
};

const EXIT_CODES = `exit codes (run, verify, merge, and proxy when it stops):
  0  no failing rule (verify: no failing case the baseline does not excuse)
  1  some rule fails (with --fail-on new, as verify: a new failing case, or one whose rule changed since the baseline; with --fail-on drift: a silent point drifted)
  2  configuration or target unusable, or a bad invocation (one line on stderr)
  3  partial: no failing rule, but rules left inconclusive by the time budget or by transport failures
  4  harness error: no failing rule, but some rule's judgement hit an error inside the harness`;

function usage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((name) => name.length));
  const lines = Object.entries(COMMANDS).map(([name, command]) => `  ${name.padEnd(width)}  ${command.summary}`);
  return `usage: ems-conformance [command] [flags]      (ems-conformance <command> --help for its flags)
commands:
${lines.join('\n')}
Without a command, ems-conformance runs \`run\`. Reports go to ./reports (EMS_REPORT_DIR) under the working directory.
${EXIT_CODES}`;
}

/** `spec-bundle` rewrites the repository's dist/: in an installed package (no @redocly/cli) it says where the bundle is. */
async function startSpecBundle(): Promise<unknown> {
  try {
    createRequire(import.meta.url).resolve('@redocly/cli/package.json');
  } catch {
    const { repoPath } = await import('../harness/contract');
    throw new BadInvocation(`spec-bundle needs @redocly/cli (a development dependency of the repository); the installed package ships the bundle at ${repoPath('dist', 'openapi.json')}`);
  }
  return import('./spec-bundle');
}

/** `verify`: `run` with a baseline, gated on new failing cases unless --fail-on says otherwise. */
async function startVerify(): Promise<unknown> {
  const args = process.argv.slice(2);
  if (!args.some((arg) => arg === '--baseline' || arg.startsWith('--baseline='))) {
    throw new BadInvocation('verify needs --baseline OLD/conformance.json (the report of the release it is compared with)');
  }
  if (!args.some((arg) => arg === '--fail-on' || arg.startsWith('--fail-on='))) process.argv.push('--fail-on', 'new');
  return import('./conformance');
}

class BadInvocation extends Error {}

async function version(): Promise<string> {
  const { repoPath } = await import('../harness/contract');
  return (JSON.parse(readFileSync(repoPath('package.json'), 'utf8')) as { version: string }).version;
}

async function main(args: string[]): Promise<void> {
  const [first, ...rest] = args;
  if (first === '--help' || first === '-h' || first === 'help') {
    const command = first === 'help' && rest[0] ? COMMANDS[rest[0]] : undefined;
    if (command) return main([rest[0]!, '--help']);
    console.log(usage());
    return;
  }
  if (first === '--version' || first === '-V') {
    console.log(await version());
    return;
  }
  const name = first === undefined || first.startsWith('-') ? 'run' : first;
  const command = COMMANDS[name];
  if (!command) throw new BadInvocation(`unknown command "${name}": use one of ${Object.keys(COMMANDS).join(', ')} (ems-conformance --help)`);
  const commandArgs = name === first ? rest : args;
  const help = commandArgs.includes('--help') || commandArgs.includes('-h');
  if (help) {
    console.log(`ems-conformance ${name}: ${command.summary}`);
    if (command.usage) {
      console.log(command.usage);
      return;
    }
  }
  // The entry point reads its flags from process.argv and exits with its own code.
  process.argv = [process.argv[0]!, `ems-conformance ${name}`, ...commandArgs];
  await command.start();
}

main(process.argv.slice(2)).catch(async (error: unknown) => {
  const [{ isUsageError }, { oneLine }] = await Promise.all([import('./lib/cli'), import('../harness/core')]);
  const caller = error instanceof BadInvocation || isUsageError(error) || (error instanceof Error && 'code' in error && error.code === 'ENOENT');
  console.error(`ems-conformance: ${caller || !(error instanceof Error) ? oneLine(error) : (error.stack ?? oneLine(error))}`);
  process.exit(caller ? 2 : 1);
});
