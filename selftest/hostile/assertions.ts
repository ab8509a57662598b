import assert from 'node:assert/strict';
import { failing, SECRET_TOKEN, type HarnessRun } from './run-harness';

/** What every hostile run is held to. */
/** Long enough for a few workers to start, fail a test on the first timeout and restart, on a loaded 2-core machine. */
export const BUDGET_S = 30;
export const TIMEOUT_MS = 1000;
/** Startup, preflight, report writing and the last in-flight requests, on a busy 2-core machine. */
export const MARGIN_S = 25;
export const PEAK_RSS_LIMIT_MIB = 512;

/** Arguments of a hostile run: small budget and timeout (unless the test needs a longer one), a few suites. */
export function hostileArgs(baseUrl: string, grep: string, token = SECRET_TOKEN, timeoutMs = TIMEOUT_MS): string[] {
  return ['--base-url', baseUrl, '--token', token, '--budget-s', String(BUDGET_S), '--timeout-ms', String(timeoutMs), '--grep', grep, '--seed', '7'];
}

/**
 * The run ended by itself within budget + margin (not killed, not a configuration error, not a
 * crash), wrote the report, kept its memory bounded and never printed the token; some rule was
 * judged with the transport reason, every failing rule names it and no rule passes (inconclusive is
 * fine: unfinished by the budget, or nothing to judge). `everyFailure: false` (a target that also
 * answers well): some failing or inconclusive rule names the reason.
 */
export function assertEndedWithTransportFailures(run: HarnessRun, reason: RegExp, options: { everyFailure?: boolean; preflight?: 'warns' | 'passes' } = {}): void {
  const output = `${run.stdout}\n${run.stderr}`;
  // A target that answers badly is no configuration error: the preflight warns (or passes) and the run goes on.
  if (options.preflight !== 'passes') assert.match(run.stderr, new RegExp(`^conformance: warning: helper/ping got .*${reason.source}.*; running anyway`, 'm'));
  else assert.doesNotMatch(run.stderr, /warning: helper\/ping/);
  assert.equal(run.signal, null, `the run was killed (${run.signal}) after ${run.wallMs} ms`);
  assert.ok(run.wallMs < (BUDGET_S + MARGIN_S) * 1000, `took ${run.wallMs} ms, budget ${BUDGET_S} s + ${MARGIN_S} s`);
  assert.ok(run.report, `reports/conformance.json was written (exit ${run.code}; stderr: ${run.stderr.slice(-1500)})`);
  const failures = failing(run);
  assert.equal(run.code, 1, `exit 1 (failing rules, or none judged), got ${run.code}; stderr: ${run.stderr.slice(-1500)}`);
  const inconclusive = run.report.rules.filter((rule) => rule.verdict === 'inconclusive');
  const named = [...failures, ...inconclusive].filter((rule) => reason.test(rule.reason ?? ''));
  assert.ok(named.length > 0, `some rule is judged with the transport reason ${reason}: ${JSON.stringify(failures)}`);
  if (options.everyFailure !== false) {
    for (const rule of failures) assert.match(rule.reason, reason, `${rule.id} fails: ${rule.reason}`);
    // Nothing usable ever came back, so nothing can pass.
    const passed = run.report.rules.filter((rule) => rule.verdict === 'pass').map((rule) => rule.id);
    assert.deepEqual(passed, [], 'no rule passes against a target that never answered usably');
  }
  if (run.peakRssMiB > 0) assert.ok(run.peakRssMiB < PEAK_RSS_LIMIT_MIB, `peak RSS ${run.peakRssMiB} MiB`);
  assert.equal(output.includes(SECRET_TOKEN), false, 'the token is never printed');
  assert.doesNotMatch(run.stderr, /^\s+at .+:\d+:\d+\)?$/m, 'no stack trace on stderr');
}

/** One line for the test log: how the run went. */
export function describeRun(name: string, run: HarnessRun): string {
  const counts = run.report?.counts;
  return `${name}: exit ${run.code} in ${(run.wallMs / 1000).toFixed(1)} s, peak RSS ${run.peakRssMiB} MiB, ` +
    `${counts ? `${counts.fail} fail / ${counts.inconclusive} inconclusive / ${counts.pass} pass` : 'no report'}, ${run.report?.requests ?? 0} requests`;
}
