/**
 * Whether a parsed JSON document is a conformance.json this tool can read, checked before anything is run
 * or rendered: a baseline (`--baseline`, read by the compare and the release gate) or a report to render
 * again (`report`, read by every renderer). The first part that does not fit is named by its place
 * (`rules[3].verdict`), so a wrong file is refused in one line instead of failing deep inside a renderer.
 * Only what the readers use is checked; members they do not read may be anything.
 */
type Shape = (value: unknown, at: string) => string | undefined;

const describe = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value === 'string' ? `the text ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}` : typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`;

const kind = (name: string, test: (value: unknown) => boolean): Shape => (value, at) => (test(value) ? undefined : `${at} is ${describe(value)}, not ${name}`);

const text = kind('text', (value) => typeof value === 'string');
const number = kind('a number', (value) => typeof value === 'number' && Number.isFinite(value));
const boolean = kind('true or false', (value) => typeof value === 'boolean');
const anyObject = kind('an object', (value) => typeof value === 'object' && value !== null && !Array.isArray(value));

function oneOf(values: readonly string[]): Shape {
  return (value, at) => (typeof value === 'string' && values.includes(value) ? undefined : `${at} is ${describe(value)}, not one of ${values.join(', ')}`);
}

function listOf(item: Shape): Shape {
  return (value, at) => {
    if (!Array.isArray(value)) return `${at} is ${describe(value)}, not a list`;
    for (const [index, element] of value.entries()) {
      const problem = item(element, `${at}[${index}]`);
      if (problem) return problem;
    }
    return undefined;
  };
}

/** An object's members: `name` required, `name?` optional (absent or null-free). */
function record(members: Record<string, Shape>): Shape {
  return (value, at) => {
    const notObject = anyObject(value, at);
    if (notObject) return notObject;
    const object = value as Record<string, unknown>;
    for (const [key, shape] of Object.entries(members)) {
      const optional = key.endsWith('?');
      const name = optional ? key.slice(0, -1) : key;
      const place = at === '' ? name : `${at}.${name}`;
      if (!(name in object) || object[name] === undefined) {
        if (optional) continue;
        return `it has no ${place}`;
      }
      const problem = shape(object[name], place);
      if (problem) return problem;
    }
    return undefined;
  };
}

/** Every value of an object keyed by names. */
function valuesOf(item: Shape): Shape {
  return (value, at) => anyObject(value, at) ?? Object.entries(value as Record<string, unknown>).map(([key, element]) => item(element, `${at}.${key}`)).find(Boolean);
}

const VERDICTS = ['pass', 'fail', 'error', 'inconclusive', 'skipped'] as const;

const evidence = record({ title: text, 'request?': record({ method: text, url: text }), 'response?': anyObject, 'curl?': text, 'note?': text, 'pointer?': text });

/** What the baseline compare, the release gate and drift read of each rule. */
const baselineRule = record({
  id: text,
  verdict: oneOf(VERDICTS),
  evidence: listOf(evidence),
  'reason?': text,
  'cases?': listOf(record({ operation: text, key: text })),
  'replays?': record({ label: oneOf(['stable', 'flaky', 'not reproduced', 'not replayed']) }),
});

const silentPoint = record({ point: text, sentence: text, readings: listOf(text), evidence: listOf(text) });

const BASELINE: Record<string, Shape> = {
  tool: oneOf(['ems-conformance']),
  startedAt: text,
  rules: listOf(baselineRule),
  'silentPoints?': listOf(silentPoint),
  'specBasis?': record({ openapiSha256: text, rulesSha256: text, rules: valuesOf(anyObject) }),
};

/** What the renderers (console summary, HTML, JUnit) read besides. */
const renderedRule = record({
  area: text,
  statement: text,
  source: record({ doc: text, section: text, quote: text }),
  level: text,
  tolerated: listOf(anyObject),
  requests: number,
  tests: listOf(text),
  'repro?': text,
  'property?': record({ seed: number, path: text, replay: text }),
});

const RENDERED: Record<string, Shape> = {
  ...BASELINE,
  version: text,
  target: record({ baseUrl: text, authUrl: text, profile: text, embeddedMock: boolean, allowWrites: boolean, faults: listOf(text) }),
  durationMs: number,
  seed: number,
  counts: record(Object.fromEntries(VERDICTS.map((verdict) => [verdict, number]))),
  requests: number,
  coverage: valuesOf(valuesOf(number)),
  createdContacts: listOf(anyObject),
  'explorations?': listOf(record({ test: text, seed: number, path: text, steps: listOf(text), evidence, replay: text })),
  'inputCoverage?': record({ classes: anyObject, pairs: anyObject, operations: valuesOf(anyObject) }),
  'harnessErrors?': listOf(anyObject),
};

/** Why a parsed document is not a conformance.json for this use, or undefined when it is. */
export function reportShapeProblem(value: unknown, use: 'baseline' | 'render'): string | undefined {
  const notObject = anyObject(value, 'the document');
  if (notObject) return notObject;
  const members = (value as Record<string, unknown>);
  if (members.tool !== 'ems-conformance') return 'it has no "tool": "ems-conformance" (not a conformance.json this tool wrote)';
  const problem = record(BASELINE)(value, '');
  if (problem || use === 'baseline') return problem;
  const rendered = record(RENDERED)(value, '');
  if (rendered) return rendered;
  return (members.rules as unknown[]).map((rule, index) => renderedRule(rule, `rules[${index}]`)).find(Boolean);
}
