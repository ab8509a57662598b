/**
 * The import direction of the project, as dependency-cruiser rules (selftest/layers/import-direction.test.ts
 * applies them; from the command line: `npx depcruise --config selftest/layers/rules.cjs harness generators
 * checks suites bin mock playwright.config.ts`).
 *
 *   harness/contract (spec, rules, profiles) → generators/ (arbitraries) → harness/core (configuration,
 *   transport, the answer as read, the judge, the property runner) → harness/exchanges (the exchange type, the
 *   client that logs exchanges live, the readers and recorders of recorded traffic) → harness/check (what a check
 *   is, its contexts, judging a check over exchanges) → harness/runner (fixtures, registration, exploration,
 *   settling, markers for the reporter, the target provider) → suites/ (registration); harness/oracles/ and
 *   harness/model (the documents' reading of a request: what its answer must and may hold; pure, on oracles),
 *   drivers/ (what sends, beside generators/) and checks/ (one judge per rule) stand on harness/check and never on
 *   the runner; checks/ import drivers/, never the other way; harness/silent (what a target chose at the
 *   silent points, read from the exchanges) stands beside them, read by no sender or judge; harness/report reads what the run recorded. harness/types.ts is shared by all. The embedded mock reaches the harness only through the
 *   target provider the composition roots (playwright.config.ts, bin/) inject.
 *
 * Type-only imports count (tsPreCompilationDeps): a type is a dependency too.
 */

/** Everything of the project that is no part of a layer below `layer`'s consumers. */
const HARNESS_OUTSIDE = '^(checks|drivers|suites|mock|bin|selftest)/';

/** A folder with one public entry: imported from outside only through its index.ts. */
const entryOnly = (folder) => ({
  name: `deep-import:${folder}`,
  comment: `import ${folder} through its index (${folder}/index.ts) from outside the folder, not its inner files`,
  severity: 'error',
  from: { pathNot: `^${folder}/` },
  to: { path: `^${folder}/`, pathNot: `^${folder}/index\\.ts$` },
});

const forbid = (name, comment, from, to) => ({ name, comment, severity: 'error', from: { path: from }, to: { path: to } });

module.exports = {
  forbidden: [
    {
      name: 'contract-stands-alone',
      comment: 'harness/contract reads the spec, rules and profiles: it imports nothing else of the project but harness/types.ts',
      severity: 'error',
      from: { path: '^harness/contract/' },
      to: { path: '^(harness|generators|checks|suites|mock|bin|selftest)/', pathNot: '^harness/(contract/|types\\.ts$)' },
    },
    forbid(
      'generators-below-core',
      'arbitraries derive from the contract only: no harness/core, oracles, report, checks, suites, mock or bin',
      '^generators/',
      '^(harness/(core|oracles|report)|checks|suites|mock|bin|selftest)/',
    ),
    forbid(
      'core-below-exchanges',
      'harness/core (configuration, transport, judge, property runner) knows no exchange record, check, run, oracle or report',
      '^harness/core/',
      '^harness/(exchanges|check|runner|oracles|report)/',
    ),
    forbid('exchanges-below-check', 'harness/exchanges records and reads exchanges: it imports no check, runner, oracle or report', '^harness/exchanges/', '^harness/(check|runner|oracles|report)/'),
    forbid('check-below-runner', 'harness/check defines checks and judges them over exchanges: it imports no runner, oracle or report', '^harness/check/', '^harness/(runner|oracles|report)/'),
    forbid('runner-runs-checks', 'harness/runner runs checks it is given: it imports no oracle, report or check of checks/', '^harness/runner/', '^harness/(oracles|report)/'),
    forbid('oracles-below-checks', 'harness/oracles judges answers for checks: it imports no runner or report', '^harness/oracles/', '^harness/(runner|report)/'),
    forbid('model-is-pure', 'harness/model reads the documents: it sends nothing and records nothing (no core, exchanges, runner, silent observer or report)', '^harness/model/', '^harness/(core|exchanges|runner|silent|report)/'),
    forbid('silent-observes-only', 'harness/silent reads a run\'s exchanges for the report: it imports no runner or report', '^harness/silent/', '^harness/(runner|report)/'),
    forbid(
      'silent-read-after-judging',
      'what a target chose at the silent points is read after the judges, from the exchanges: nothing that sends or judges imports harness/silent',
      '^(harness/(contract|core|exchanges|check|oracles|model)|generators|drivers|checks|suites)/',
      '^harness/silent/',
    ),
    forbid('harness-never-imports-outside', 'nothing under harness/ imports mock/, checks/, suites/, bin/ or selftest/ (the mock comes in through the target provider)', '^harness/', HARNESS_OUTSIDE),
    {
      name: 'harness-never-reaches-mock',
      comment: 'no chain of imports leads from harness/ to mock/: the harness runs with mock/ absent',
      severity: 'error',
      from: { path: '^harness/' },
      to: { path: '^mock/', reachable: true },
    },
    forbid(
      'checks-through-check',
      'a check (driver or judge) reaches the harness through harness/check alone: never the runner, the exchanges or the core directly',
      '^checks/',
      '^harness/(core|exchanges|runner)/',
    ),
    forbid(
      'drivers-decide-nothing',
      'drivers/ send what generators/ draw through harness/check: they import no check (judges), suite, runner, report, mock or command',
      '^drivers/',
      '^(checks|suites|mock|bin|selftest|harness/(core|exchanges|runner|report))/',
    ),
    forbid('checks-below-suites', 'checks import no suite, report, mock or command', '^checks/', '^(harness/report|suites|mock|bin|selftest)/'),
    {
      name: 'checks-areas-apart',
      comment: 'a checks/<area> folder imports another area only through checks/shared/',
      severity: 'error',
      from: { path: '^checks/([^/]+)/' },
      to: { path: '^checks/[^/]+/', pathNot: ['^checks/$1/', '^checks/shared/'] },
    },
    forbid('suites-register-only', 'suites register checks: they import no mock, command or report code', '^suites/', '^(harness/report|mock|bin|selftest)/'),
    forbid('mock-stands-apart', 'the mock implements the target provider; it imports no check, suite, command or self-test', '^mock/', '^(checks|suites|bin|selftest)/'),
    entryOnly('harness/contract'),
    entryOnly('harness/core'),
    entryOnly('harness/oracles'),
    entryOnly('harness/model'),
    entryOnly('harness/exchanges'),
    entryOnly('harness/check'),
    entryOnly('harness/silent'),
    entryOnly('harness/runner'),
    entryOnly('generators'),
    entryOnly('drivers'),
    {
      name: 'no-cycles',
      comment: 'modules import one another in one direction only',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|selftest|reports|test-results|blob-report)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.json', '.cjs', '.mjs'] },
  },
};
