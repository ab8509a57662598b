/**
 * Coverage of the documents by the rules: every parameter and payload field of every operation in
 * spec/openapi.yaml, and every row of interface.md's tables and numbered lists (and the sentences of
 * Limits, Errors, Authentication and Versioning), names the rules that judge it (`x-rules`) or says
 * why it is not judged (`x-not-judged`). The spec holds both, on the element a row describes, or in
 * `x-document-coverage` for a row with no element; this test only reads them.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { OpenAPIV3_1 } from 'openapi-types';
import { loadRules, loadSpec, valueAt, type OperationExtensions } from '../../harness/contract';
import { documentRows, placeName, type DocumentRow } from './document-rows';
import { sourceDocument } from './source-text';

type Node = Record<string, unknown>;
type Operation = OpenAPIV3_1.OperationObject<OperationExtensions>;

const spec = loadSpec();
const ruleIDs = new Set(loadRules().rules.map((rule) => rule.id));
const rows = documentRows(sourceDocument('interface.md'));
const documentCoverage = ((spec as unknown as Node)['x-document-coverage'] ?? {}) as Record<string, Node>;

/** The schemas interface.md's "Resources and their fields" tables describe, by heading (parenthesis aside). */
const RESOURCE_SCHEMAS: Record<string, string> = { Group: 'Group', Email: 'Email', 'Contact import row result': 'ImportRowResult' };

/** A reason that says something: a sentence of five words or more, ending with a period, no placeholder. */
const isReason = (text: unknown): boolean =>
  typeof text === 'string' && text.trim().split(/\s+/).length >= 5 && /\.$/.test(text.trim()) && !/\b(TODO|TBD|FIXME|XXX)\b/i.test(text);

/** What is wrong with the coverage of one element or row (nothing when it names known rules or gives a reason). */
function coverageProblems(where: string, node: Node | undefined, known: ReadonlySet<string> = ruleIDs): string[] {
  const rules = node?.['x-rules'];
  const reason = node?.['x-not-judged'];
  if (rules === undefined && reason === undefined) return [`${where}: neither x-rules nor x-not-judged`];
  const problems: string[] = [];
  if (rules !== undefined) {
    if (!Array.isArray(rules) || rules.length === 0) problems.push(`${where}: x-rules is not a list of rule IDs`);
    else for (const id of rules) if (!known.has(String(id))) problems.push(`${where}: x-rules names no rule of spec/rules.yaml: ${String(id)}`);
  }
  if (reason !== undefined && !isReason(reason)) problems.push(`${where}: x-not-judged is no reason: ${JSON.stringify(reason)}`);
  return problems;
}

const deref = (ref: string): Node | undefined => valueAt(spec, ref.replace(/^#/, '')) as Node | undefined;

interface Element {
  /** JSON pointer of the node carrying the coverage. */
  pointer: string;
  where: string;
  node: Node;
}

/** The properties of the schema at `pointer`, and of the object schemas their arrays hold (contacts, row results). */
function* propertiesOf(pointer: string, where: string): Generator<Element> {
  const schema = valueAt(spec, pointer) as Node | undefined;
  for (const [name, node] of Object.entries((schema?.properties ?? {}) as Record<string, Node>)) {
    yield { pointer: `${pointer}/properties/${name}`, where: `${where}.${name}`, node };
    yield* itemsOf(node, `${where}.${name}[]`);
  }
}

function* itemsOf(node: Node, where: string): Generator<Element> {
  const target = typeof node.$ref === 'string' ? deref(node.$ref) : node;
  const items = target?.items as Node | undefined;
  if (typeof items?.$ref === 'string' && deref(items.$ref)?.properties) yield* propertiesOf(items.$ref.replace(/^#/, ''), where);
}

const operations = Object.entries(spec.paths ?? {}).flatMap(([path, item]) =>
  (['get', 'post', 'put', 'patch', 'delete'] as const).flatMap((method) => {
    const operation = (item as Record<string, Operation | undefined>)[method];
    return operation ? [{ path, name: `${method.toUpperCase()} ${path}`, operation }] : [];
  }),
);

/** Every parameter, request-body property and payload field of every operation, once each. */
function specElements(): Element[] {
  const found = new Map<string, Element>();
  const add = (elements: Iterable<Element>) => {
    for (const element of elements) if (!found.has(element.pointer)) found.set(element.pointer, element);
  };
  for (const { name, operation } of operations) {
    for (const parameter of (operation.parameters ?? []) as (OpenAPIV3_1.ParameterObject & Node)[]) {
      const ref = (parameter.schema as Node | undefined)?.$ref;
      const pointer = typeof ref === 'string' ? ref.replace(/^#/, '') : `${name} parameter ${parameter.name}`;
      const node = { ...(typeof ref === 'string' ? deref(ref) : parameter.schema), ...parameter } as Node;
      add([{ pointer, where: `${name} parameter ${parameter.name}`, node }, ...itemsOf(node, `${name} parameter ${parameter.name}[]`)]);
    }
    const body = ((operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined)?.content?.['application/json']?.schema ?? {}) as Node;
    if (typeof body.$ref === 'string') add(propertiesOf(body.$ref.replace(/^#/, ''), `${name} body`));
    for (const [part, schema] of Object.entries(operation['x-payload'])) {
      if (part !== 'file' && schema) add(propertiesOf(`/components/schemas/${schema}`, `${name} ${part} ${schema}`));
    }
  }
  return [...found.values()];
}

/** The operations at the path a heading names ("GET or POST /groups/search" -> both searches). */
const operationsOf = (heading: string) => operations.filter(({ path }) => path === /\/\S+/.exec(heading)?.[0]);

/** The spec node a table row of interface.md describes, as a pointer; undefined for a row with no element. */
function elementPointerOf(row: DocumentRow): string | undefined {
  if (row.kind !== 'table' || !row.subsection) return undefined;
  const first = row.cells?.[0] ?? '';
  if (row.section === 'Resources and their fields') {
    const schema = RESOURCE_SCHEMAS[placeName(row.subsection)];
    return schema && `/components/schemas/${schema}/properties/${first}`;
  }
  if (row.section !== 'Endpoints') return undefined;
  const [operation] = operationsOf(row.subsection);
  const schema = row.header?.[0] === 'Parameter' ? operation?.operation['x-params'] : row.header?.[0] === 'Field' ? operation?.operation['x-payload'].object : undefined;
  return schema && `/components/schemas/${schema}/properties/${first}`;
}

const quoted = (row: DocumentRow) => `${row.key} ("${row.text.length > 70 ? `${row.text.slice(0, 70)}...` : row.text}")`;

describe('coverage of the documents by the rules (x-rules, x-not-judged, x-document-coverage)', () => {
  it('reads the rows of interface.md: tables, numbered items, sentences of Limits, Errors, Authentication, Versioning', () => {
    const count = (kind: DocumentRow['kind']) => rows.filter((row) => row.kind === kind).length;
    // Group 14, Email 19, row result 6, the endpoints' parameters 2 + 1 + 1 + 10 + 4 + 16, import response 5, Limits 6.
    assert.equal(count('table'), 84);
    // Authentication 4, Errors 3, contacts/import Rules 4, jobStatus Responses 3.
    assert.equal(count('item'), 14);
    // Limits 1, Errors 1, Authentication 3, Versioning 3.
    assert.equal(count('sentence'), 8);
    for (const key of ['Group > groupID', 'GET or POST /groups/search > rpp', 'Limits > Export completion', 'Errors > 2', 'POST /contacts/import > Rules > 4',
      'GET /exports/jobStatus > Responses > 3', 'Versioning > No version is carried in paths', 'Limits > Rate limits']) {
      assert.ok(rows.some((row) => row.key === key), key);
    }
    assert.equal(new Set(rows.map((row) => row.key)).size, rows.length, 'row keys are unique');
  });

  it('every parameter and payload field of every operation names its rules or why it is not judged', () => {
    const elements = specElements();
    assert.ok(elements.length >= 90, `${elements.length} elements`);
    assert.deepEqual(elements.flatMap(({ where, node }) => coverageProblems(where, node)), []);
  });

  it('every row of interface.md is covered: on the element it describes, or in x-document-coverage', () => {
    const problems = rows.flatMap((row) => {
      const pointer = elementPointerOf(row);
      if (pointer === undefined) return coverageProblems(`${quoted(row)} (x-document-coverage)`, documentCoverage[row.key]);
      const node = valueAt(spec, pointer) as Node | undefined;
      return node ? coverageProblems(`${quoted(row)} (${pointer})`, node) : [`${quoted(row)}: no element at ${pointer} in spec/openapi.yaml`];
    });
    assert.deepEqual(problems, []);
  });

  it('x-document-coverage holds only rows of interface.md that have no element', () => {
    const documentOnly = new Set(rows.filter((row) => elementPointerOf(row) === undefined).map((row) => row.key));
    assert.deepEqual(Object.keys(documentCoverage).filter((key) => !documentOnly.has(key)), []);
  });

  it('an uncovered element, an unknown rule ID and a placeholder reason are each named', () => {
    const known = new Set(['groups.search.rpp.bounds']);
    assert.deepEqual(coverageProblems('Limits > rpp', undefined, known), ['Limits > rpp: neither x-rules nor x-not-judged']);
    assert.deepEqual(coverageProblems('Group.type', { 'x-rules': [] }, known), ['Group.type: x-rules is not a list of rule IDs']);
    assert.deepEqual(coverageProblems('Group.type', { 'x-rules': ['groups.search.rpp.bounds', 'no.such.rule'] }, known), [
      'Group.type: x-rules names no rule of spec/rules.yaml: no.such.rule',
    ]);
    for (const reason of ['TODO', '', 'Not shown.', 'TODO: say why this is not judged here.']) {
      assert.equal(coverageProblems('Email.metrics', { 'x-not-judged': reason }, known).length, 1, reason);
    }
    assert.deepEqual(coverageProblems('Email.metrics', { 'x-not-judged': 'Fields inside metrics and schedule: not shown.' }, known), []);
  });
});
