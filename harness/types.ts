/**
 * The types every part of ems-conformance agrees on. Data flows one way:
 * spec (operations, schemas, rules) -> generators -> requests (client, through a profile)
 * -> validation and oracles -> verdicts -> reports.
 */

// ------------------------------------------------------------------ operations

/** Operation keys, as used in rule IDs (`schema.<operation>`) and in the spec's `x-operation`. */
export type OperationKey =
  | 'helper.ping'
  | 'groups.search'
  | 'emails.search'
  | 'contacts.import'
  | 'exports.emails'
  | 'exports.jobStatus'
  | 'exports.getFile'
  | 'login.applicationAccessToken';

export type HttpMethod = 'GET' | 'POST';

// ------------------------------------------------------------------ rule catalogue (spec/rules.yaml)

export type RuleLevel = 'documented' | 'service-convention';

/** A capability a target must offer for a rule to be judged (see spec/rules.yaml header). */
export type Capability = 'writes' | 'token:noGroups' | 'token:noImport' | 'token:app' | `fixture:${string}`;

export interface RuleSource {
  doc: 'interface.md' | 'service-facts.md';
  section: string;
  quote: string;
}

export interface Rule {
  id: string;
  area: string;
  operations: OperationKey[];
  level: RuleLevel;
  statement: string;
  source: RuleSource;
  needs?: Capability[];
  /**
   * The part of every answer the response validator checks for this rule: the profile's envelope, the
   * datetime format of every datetime, or the operation's payload (its records and paging).
   */
  validates?: ValidatedPart;
}

export type ValidatedPart = 'envelope' | 'datetime-format' | 'payload';

export interface Area {
  id: string;
  title: string;
  section: string;
}

export interface RuleCatalogue {
  version: number;
  areas: Area[];
  rules: Rule[];
}

// ------------------------------------------------------------------ target profiles (profiles/*.json)

/** How a target wraps things. JSON Schema: profiles/profile.schema.json. */
export interface Profile {
  name: string;
  description: string;
  /** Name of a built-in profile or path of a profile file this one extends (deep merge, this one wins). */
  extends?: string;
  auth: {
    /** Header carrying the token, e.g. "Authorization". */
    header: string;
    /** Text before the token, e.g. "Bearer " (may be ""). */
    prefix: string;
  };
  request: {
    /** How booleans are sent: "01" as 0/1, "truefalse" as true/false. */
    booleans: '01' | 'truefalse';
    /** How arrays are sent in a query string: repeated keys or one comma list. */
    queryArrays: 'repeat' | 'comma';
  };
  outcome: {
    /** HTTP statuses a success carries: "200", "2xx", or a list like "200,201". */
    successStatus: string;
    /** HTTP statuses an error carries: "200" (service) or "4xx" (REST). */
    errorStatus: string;
    /** JSON pointer (body root) of a field telling success; absent: the HTTP status alone tells. */
    successPointer?: string;
    /** Value of successPointer on success (service: 1). */
    successValue?: unknown;
    /** JSON pointer (body root) of the error code, if the target has one (service: "/code"). */
    codePointer?: string;
    /** Type of the code: "integer" (default; 0 on success, non-zero on error) or "string" (non-empty on error). */
    codeType?: 'integer' | 'string';
    /** JSON pointer (body root) of the error messages (service: "/errors"): one string, strings, or objects. */
    errorsPointer: string;
    /** Inside each object at errorsPointer, where its message is (default "/message"). */
    messagePointer?: string;
    /** The form of the messages on an error, when the profile declares it (absent: any form is read). */
    errorsForm?: 'string' | 'strings' | 'objects';
  };
  /** Names of schemas under the spec's components/schemas that a whole body must match ({}: none). */
  envelope: {
    success?: string;
    error?: string;
  };
  pointers: {
    /** Where the operation payload sits, from the body root ("/data" or ""). */
    payload: string;
    /** The following are relative to the payload. */
    records: string;
    paging: {
      page?: string;
      rpp?: string;
      totalPages?: string;
      totalRecords?: string;
      next?: string;
      prev?: string;
    };
    importResult: string;
    jobID: string;
    job: {
      status: string;
      fileKey: string;
      fileExpiration: string;
      totalRecords: string;
    };
  };
  jobStatuses: {
    pending: string;
    /** Other not-finished statuses, e.g. ["In Progress"]. */
    running: string[];
    completed: string;
    failed: string;
  };
  datetime: {
    /** "service": YYYY-MM-DD HH:MM:SS GMT, no zone; "iso8601": RFC 3339 with Z or offset. */
    format: 'service' | 'iso8601';
  };
  exportFile: {
    container: 'zip' | 'none';
    /** Name of the entry inside the container; "{fileKey}" is replaced. */
    entryName: string;
    delimiter: string;
    lineEnding: string;
    quoted: boolean;
    header: boolean;
  };
  /** Known representation quirks the target has; tolerated, and reported as tolerated. */
  quirks: {
    /** "" where a value is absent (a date never set, an empty ID). */
    emptyStringForAbsent: boolean;
    /** 0/1 where a boolean is documented. */
    booleanAsZeroOne: boolean;
  };
  /**
   * How the target says a request was refused for its rate limit, besides HTTP 429 (always one). Such an
   * answer is never judged: the client waits (Retry-After when sent), retries and slows its pace.
   */
  rateLimit?: {
    /** HTTP statuses that mean a rate limit, besides 429. */
    httpStatus?: number[];
    /** Error codes (outcome.codePointer) of an error answer that mean a rate limit. */
    errorCode?: (number | string)[];
  };
  /** What the documented reads cannot tell about the target's data. */
  fixtures?: ProfileFixtures;
}

export interface ProfileFixtures {
  /** Email addresses of contacts the target holds as suppressed. */
  suppressedEmails?: string[];
  /** A date range whose export job ends Failed on this target. */
  failingExport?: { startDate: string; endDate: string };
  [name: string]: unknown;
}

// ------------------------------------------------------------------ validation

export interface ValidationIssue {
  /** Rule the issue belongs to: the catalogue's rule that validates its part (Rule.validates) for the operation. */
  rule: string;
  /** JSON pointer into the response body (from the body root). */
  pointer: string;
  /** ajv keyword, e.g. "type", "enum", "required", "maximum", "format". */
  keyword: string;
  /** The expected constraint in words, e.g. "type: integer", "enum: Active, Archived". */
  constraint: string;
  /** The actual value found at pointer (undefined when missing). */
  actual: unknown;
  message: string;
}

export type QuirkName = 'emptyStringForAbsent' | 'booleanAsZeroOne';

export interface ToleratedQuirk {
  quirk: QuirkName;
  rule: string;
  pointer: string;
  actual: unknown;
  /** The documented constraint it departs from. */
  constraint: string;
}

export interface ValidationReport {
  issues: ValidationIssue[];
  tolerated: ToleratedQuirk[];
}

// ------------------------------------------------------------------ verdicts

/**
 * `error` is a harness error: the harness itself threw while judging the rule (a check or judge that threw a
 * non-transport error, a validator issue outside a rule's scope). Never a failure of the target.
 */
export type VerdictKind = 'pass' | 'fail' | 'error' | 'inconclusive' | 'skipped';

/** An exception inside the harness that kept a rule from being judged: its one-line message and its stack. */
export interface HarnessError {
  message: string;
  stack?: string;
}

export interface Evidence {
  title: string;
  request?: { method: string; url: string; body?: unknown };
  /** HTTP status, or a transport reason when no response came. */
  response?: { status?: number; transport?: TransportFailureReason; body?: unknown };
  expected?: unknown;
  actual?: unknown;
  pointer?: string;
  /** Reproduction with tokens replaced by $EMS_TOKEN and friends. */
  curl?: string;
  note?: string;
}

export interface PropertyFailure {
  seed: number;
  path: string;
  numRuns: number;
  /** The shrunk counterexample, JSON-safe. */
  counterexample: unknown;
  /** How to replay: e.g. "EMS_SEED=123 EMS_PATH=4:1 npx playwright test --grep @rule:..." */
  replay: string;
}

/** One judgement of one rule by one test. The reporter folds them per rule: fail > error > inconclusive > pass > skipped. */
export interface Verdict {
  rule: string;
  verdict: VerdictKind;
  reason?: string;
  evidence: Evidence[];
  repro?: string;
  property?: PropertyFailure;
  tolerated?: ToleratedQuirk[];
  /** Requests the judgement made. */
  requests: number;
  /** How many samples were judged / could not be judged (properties). */
  samples?: { judged: number; inconclusive: number };
  /** With verdict `error`: the exception inside the harness. */
  harnessError?: HarnessError;
  /**
   * Set where the verdict is no judge's reading but a request's lack of a usable answer (harness/runner/settle.ts):
   * the transport failure's reason. The whole run's judgement keeps such a verdict beside its own.
   */
  transportFailure?: TransportFailureReason;
}

export type TransportFailureReason =
  | 'timeout'
  | 'reset'
  | 'unreachable'
  | 'not-json'
  | 'body-too-large'
  | 'server-error'
  | 'unexpected-status'
  /** The target kept answering that its rate limit was reached (HTTP 429 or the profile's signal) past the retries or the budget. */
  | 'rate-limited'
  /** HTTP 502, 503 or 504 whose body is not the target's envelope (per the profile): a gateway's answer, not the target's. */
  | 'gateway';

/** The reasons that are an outage: no answer of the target's came (harness/core/outage.ts). Never a rule's failure. */
export type OutageReason = Extract<TransportFailureReason, 'timeout' | 'reset' | 'unreachable' | 'gateway'>;

// ------------------------------------------------------------------ reports/conformance.json

export interface RuleResult {
  id: string;
  area: string;
  statement: string;
  source: RuleSource;
  level: RuleLevel;
  verdict: VerdictKind;
  reason?: string;
  evidence: Evidence[];
  repro?: string;
  property?: PropertyFailure;
  tolerated: ToleratedQuirk[];
  requests: number;
  /** Titles of the tests that judged the rule. */
  tests: string[];
  /** How long the tests that declared the rule ran, summed (absent when no test declared it). */
  durationMs?: number;
  /** With verdict `error`: the exception inside the harness that kept the rule from being judged. */
  harnessError?: HarnessError;
  /** With verdict `fail`: the failing cases, each keyed by its structured arguments (harness/report/case-key.ts). */
  cases?: FailingCase[];
  /** With verdict `fail`: whether the failure reproduced when replayed (absent: not replayed). */
  replays?: ReplayOutcome;
  /** Set where the verdict is no judge's but a request's lack of a usable answer: its reason (an outage leaves the rule inconclusive). */
  transportFailure?: TransportFailureReason;
}

/**
 * One failing case of a rule as a baseline keys it: the operation and a stable key of the failing request's
 * structured arguments (`GET rpp:above-max`: parameter names and their classes against the spec), never message
 * text, generated values, IDs or times.
 */
export interface FailingCase {
  operation: string;
  key: string;
}

/** `stable` reproduced on every replay; `flaky` on some; `not reproduced` on none; `not replayed` when no replay ran (budget, recorded traffic). */
export type ReplayLabel = 'stable' | 'flaky' | 'not reproduced' | 'not replayed';

/** What replaying a failing rule's test showed (bin/lib/replay-failures.ts). */
export interface ReplayOutcome {
  label: ReplayLabel;
  /** Replays with the failure's own seed and path that failed the rule again, of `replays`. */
  reproduced: number;
  replays: number;
  /** Runs of the rule's test with new seeds, and how many of them failed the rule. */
  newSeeds?: { runs: number; failed: number };
  /** Why the failure was not replayed, or was replayed fewer times than asked. */
  note?: string;
}

/**
 * What a baseline needs to tell that a rule changed since it was made: content hashes of spec/openapi.yaml and
 * spec/rules.yaml, and for each failing rule its view (statement, source, operations, the parameters that bear
 * on it with their bounds, enums and defaults) as it was, so a later run can diff it (harness/report/rule-basis.ts).
 */
export interface SpecBasis {
  openapiSha256: string;
  rulesSha256: string;
  /** Rule ID -> the rule's view, for the rules that failed in the run. */
  rules: Record<string, RuleView>;
}

/** A rule as a baseline keeps it: the catalogue entry and its parameters' constraints (field path -> constraints, as spec-diff reads them). */
export interface RuleView {
  rule: Rule;
  parameters: Record<string, Record<string, unknown>>;
}

/** What the target showed at a silent point of the documents (spec/silent-points.yaml): a fact, never a verdict. */
export interface SilentPointObservation {
  /** ID from the catalogue spec/silent-points.yaml (e.g. 'emails.unsent-dateSent'). */
  point: string;
  /** The sentence of interface.md, or its "not shown", that leaves the point open. */
  sentence: string;
  /** IDs of the readings the target showed, sorted; [] means "not observed". */
  readings: string[];
  /** At most 3 short normalised lines (no IDs, times, tokens). */
  evidence: string[];
}

/** A silent point whose readings differ between a baseline's run and this one (harness/report/drift.ts). */
export interface SilentPointDrift {
  point: string;
  sentence: string;
  before: string[];
  after: string[];
  /** Evidence lines of the baseline's run and of this run. */
  evidenceBefore: string[];
  evidenceAfter: string[];
}

/** A silent point one of the two runs observed and the other did not: listed apart, never drift. */
export interface SilentPointObservedOnce {
  point: string;
  sentence: string;
  /** The run that observed it. */
  in: 'baseline' | 'this run';
  readings: string[];
}

/** The drift of a run compared with a baseline (`--baseline`), kept in the report for the HTML and JUnit. */
export interface DriftRecord {
  /** The baseline file as given. */
  baseline: string;
  /** --fail-on drift: drift fails the run. */
  failOnDrift: boolean;
  points: SilentPointDrift[];
  observedOnce: SilentPointObservedOnce[];
}

export interface CreatedContact {
  email: string;
  contactID?: number;
}

/** One recording a traffic run judged (`--har`, the proxy): its file and what of it was kept. */
export interface TrafficSource {
  /** The file's name as given (a path). */
  file: string;
  /** HAR entries in the file. */
  entries: number;
  /** Entries kept: exchanges with this API. */
  kept: number;
  /** Entries dropped, by reason ("other host or path": 3). */
  dropped: Record<string, number>;
}

/** How a run judged: `active` sends its own requests; `traffic` judges recorded exchanges and sends none. */
export type RunMode = 'active' | 'traffic';

/** How to bring a run's embedded target back: the command that starts it by hand, and what a rerun must set. */
export interface EmbeddedReplay {
  /** Starts the same target listening where the run's did (absent when it cannot be started alone). */
  start?: string;
  /** Environment variables a rerun of the conformance command needs to start the same target (e.g. EMS_MOCK_VARIANT). */
  variables?: Record<string, string>;
}

/**
 * The shortest sequence of the stateful exploration the model rejected an answer of: each step's label, the
 * answer and why, and how to replay it. A fact beside the verdicts (the rules' judges decide those).
 */
export interface ExplorationFailure {
  /** The exploration's test title. */
  test: string;
  /** The rule whose sentence the rejected answer breaks, where the model names it (its whole-run verdict fails too). */
  rule?: string;
  seed: number;
  path: string;
  steps: string[];
  /** The operation of the answer the model rejected (the report names that operation's failing rules beside it). */
  op?: OperationKey;
  evidence: Evidence;
  replay: string;
}

export interface ConformanceReport {
  tool: 'ems-conformance';
  version: string;
  /** Absent in reports written before traffic runs existed: active. */
  mode?: RunMode;
  /** The recordings a traffic run judged. */
  traffic?: { sources: TrafficSource[]; exchanges: number };
  target: {
    baseUrl: string;
    authUrl: string;
    profile: string;
    embeddedMock: boolean;
    allowWrites: boolean;
    /** Mock faults switched on (embedded mock only). */
    faults: string[];
    /** How to bring the same embedded target back after the run (absent: an external target). */
    replay?: EmbeddedReplay;
  };
  startedAt: string;
  durationMs: number;
  seed: number;
  counts: Record<VerdictKind, number>;
  requests: number;
  /** Answers that were the target's rate limit (HTTP 429 or the profile's signal): waited out and retried, never judged. Absent when none. */
  rateLimited?: number;
  /** Parameters of each operation the run sent at least once: operation -> parameter -> count. */
  coverage: Record<string, Record<string, number>>;
  /** The requests that got no answer of the target's, and the reads sent again (harness/report/outage.ts). Absent when none. */
  outage?: OutageSection;
  rules: RuleResult[];
  createdContacts: CreatedContact[];
  /** Harness errors outside any rule's judgement (the reporter could not render a report file); exit code 4. */
  harnessErrors?: (HarnessError & { where: string })[];
  /** What the target chose at each silent point of spec/silent-points.yaml: facts, never verdicts. Absent in older reports. */
  silentPoints?: SilentPointObservation[];
  /** Which classes of the input space (and valid pairs of them) the run's requests exercised; absent in a traffic run. */
  inputCoverage?: InputCoverage;
  /** The spec and rules the run was judged under, for a later run's baseline compare (absent in older reports). */
  specBasis?: SpecBasis;
  /** With --baseline: the silent points whose readings changed since the baseline's run. */
  drift?: DriftRecord;
  /** The stateful exploration's shortest sequences whose answers the model rejected (absent when none). */
  explorations?: ExplorationFailure[];
}

/**
 * The report's one section for an outage: the attempts that got no answer of the target's (refused, reset, timed
 * out, a gateway's 502/503/504 without the target's envelope), when, of which operations, why; the reads sent again
 * and the writes whose outcome is unknown; the rules left inconclusive on it. An outage decides no rule.
 */
export interface OutageSection {
  /** When the first and the last attempt without an answer started (ISO 8601). */
  first: string;
  last: string;
  /** Attempts without an answer of the target's, every resend's failed attempt counted. */
  attempts: number;
  /** Requests that ended without an answer of the target's (after any resend). */
  unanswered: number;
  /** Resends: reads (and writes whose connection was never made) sent again after an attempt without an answer. */
  resent: number;
  /** Requests sent again that then got an answer. */
  recovered: number;
  /** Writes that got no answer after they may have reached the target: not sent again, their outcome unknown. */
  writesUnknown: number;
  /** Attempts without an answer per operation. */
  operations: Record<string, number>;
  /** Attempts without an answer per reason (timeout, reset, unreachable, gateway). */
  reasons: Record<string, number>;
  /** The rules left inconclusive because an exchange their test needed got no answer. */
  rules: string[];
}

export interface CoverageCount {
  covered: number;
  total: number;
  /** covered / total, in percent, rounded down to a tenth. */
  percent: number;
}

export interface OperationCoverage {
  classes: CoverageCount & { missing: string[] };
  pairs: CoverageCount & { missing: string[] };
  /** Classes the harness never sends, with why. */
  notSent?: Record<string, string>;
}

/** The input-space coverage of a run (harness/report/input-coverage.ts). */
export interface InputCoverage {
  classes: CoverageCount;
  pairs: CoverageCount;
  operations: Record<string, OperationCoverage>;
  /** The classes of answers the rules compared (the model's relations, counters around writes); absent in older reports. */
  answers?: AnswerCoverage;
}

/** The classes of answers a run's data allowed to compare, with how many answers each, and those no answer fell in. */
export interface AnswerCoverage {
  covered: number;
  total: number;
  percent: number;
  /** Every class an answer fell in (a relation broken counts as "<rule>: broken"), with how many answers. */
  classes: Record<string, number>;
  /** The expected classes no answer fell in: what the target's data, or the run, did not allow. */
  missing: string[];
}

/** A point of spec/silent-points.yaml: where the documents leave a choice a judge meets. */
export interface SilentPoint {
  id: string;
  question: string;
  /** The sentence (or "not shown") that leaves the point open, quoted with its place. */
  open: string;
  /** Reading ID -> what a target does under it; every reading is accepted. */
  readings: Record<string, string>;
  /** Rules whose judges meet the point. */
  judges: string[];
  /** Why no judge meets it (judges empty). */
  met?: string;
  /** The readings of the reference mock's default and of its alt variant. */
  mock?: { default?: string; alt?: string };
}

export interface SilentPointCatalogue {
  version: number;
  points: SilentPoint[];
}


