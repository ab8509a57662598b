import { cliCommand } from '../contract';
import type { ConformanceReport, ExplorationFailure, RuleResult } from '../types';

/** The command that runs the harness (`npm run conformance --` in the repository, `npx ems-conformance run` from the package). */
export const RUN_COMMAND = cliCommand('run');

/** What a failure's replay depends on besides the run's target. */
export interface FailureToReplay {
  /** The rules the test that failed declares: a rerun selects that test (a side verdict fails in another rule's test). */
  testRules: readonly string[];
  /** A tag that selects the test instead (the exploration's, which declares no rule). */
  tag?: string;
  /** The fast-check seed and path the failure was found with (the run's seed when it was no property). */
  seed: number;
  path?: string;
  /** The request that showed the failure, tokens as $EMS_TOKEN and friends. */
  curl?: string;
}

type ReplayedRun = Pick<ConformanceReport, 'target' | 'mode' | 'traffic'>;

/**
 * One shell command that runs the failing test again against the same target: the embedded mock again
 * with the same faults (and variant), the same external target, or the same recordings; with the seed,
 * and the path of a property's counterexample. Tokens never appear: a rerun reads them from EMS_TOKEN and friends.
 */
export function replayCommand(run: ReplayedRun, failure: FailureToReplay): string {
  const { target } = run;
  const grep = failure.tag ?? failure.testRules.map((rule) => `@rule:${rule.replace(/\./g, '\\.')}( |$)`).join('|');
  const traffic = run.mode === 'traffic' && run.traffic ? run.traffic : undefined;
  const where = traffic
    ? [`--har ${traffic.sources.map((source) => shellWord(source.file)).join(' ')}`, `--base-url ${shellWord(target.baseUrl)}`]
    : target.embeddedMock
      ? target.faults.length ? [`--faults ${target.faults.join(',')}`] : []
      : [`--base-url ${shellWord(target.baseUrl)}`, ...(target.authUrl !== new URL(target.baseUrl).origin ? [`--auth-url ${shellWord(target.authUrl)}`] : [])];
  const flags = [
    ...where,
    ...(target.profile !== 'service' ? [`--profile ${shellWord(target.profile)}`] : []),
    ...(target.allowWrites && !target.embeddedMock && !traffic ? ['--allow-writes'] : []),
    `--grep ${shellWord(grep)}`,
    `--seed ${failure.seed}`,
    ...(failure.path ? [`--path ${failure.path}`] : []),
  ];
  const variables = Object.entries((target.embeddedMock && target.replay?.variables) || {}).map(([name, value]) => `${name}=${shellWord(value)} `);
  return `${variables.join('')}${RUN_COMMAND} ${flags.join(' ')}`;
}

/**
 * A failure's repro: the replay command, and for the embedded mock (gone after the run) how to start
 * the same mock where it listened, so the failure's request can be sent to it by hand.
 */
export function reproScript(run: ReplayedRun, failure: FailureToReplay): string {
  const { target } = run;
  const rerun = replayCommand(run, failure);
  const lines = [`# run the failing check again${target.embeddedMock ? ' (the embedded mock with the same faults)' : run.mode === 'traffic' ? ' on the same recordings (named as the run read them: run it from their folder)' : ' (tokens from EMS_TOKEN and friends, as for the run)'}`, rerun];
  if (!failure.curl) return lines.join('\n');
  if (target.embeddedMock && target.replay?.start) {
    lines.push(
      '# or by hand: start the same mock where the run\'s listened, then send the request',
      `${target.replay.start} &`,
      `export EMS_TOKEN=$(${cliCommand('mock', { quiet: true })} --list-tokens | awk '$1 == "full" { print $2 }')`,
      failure.curl,
    );
  } else if (!target.embeddedMock) {
    lines.push('# or the request alone', failure.curl);
  }
  return lines.join('\n');
}

/**
 * An exploration's replay: the exploration's test again against the same target (the embedded mock with its
 * faults, the same external target or recordings) with the seed and path of its shortest sequence, named as
 * this copy of the harness is started (the npm alias in the repository, `npx ems-conformance run` installed).
 */
export function withExplorationReplay(exploration: ExplorationFailure, run: ReplayedRun, tag: string): ExplorationFailure {
  return { ...exploration, replay: replayCommand(run, { testRules: [], tag, seed: exploration.seed, path: exploration.path }) };
}

/** The folded result of a failing rule with its replay: `repro`, and a property's `replay`. */
export function withReplay(rule: RuleResult, run: ReplayedRun, failure: Omit<FailureToReplay, 'seed' | 'path' | 'curl'> & { seed: number }): RuleResult {
  const full: FailureToReplay = {
    ...failure,
    seed: rule.property?.seed ?? failure.seed,
    ...(rule.property ? { path: rule.property.path } : {}),
    ...(requestOf(rule) ? { curl: requestOf(rule) } : {}),
  };
  return {
    ...rule,
    repro: reproScript(run, full),
    ...(rule.property ? { property: { ...rule.property, replay: replayCommand(run, full) } } : {}),
  };
}

/** The request that showed a failure: the verdict's curl, else the first evidence's. */
function requestOf(rule: RuleResult): string | undefined {
  if (rule.repro?.startsWith('curl ')) return rule.repro;
  return rule.evidence.find((evidence) => evidence.curl)?.curl;
}

/** A word as the shell reads it: as is when plain, else in single quotes. */
function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
