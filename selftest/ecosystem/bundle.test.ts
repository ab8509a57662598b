import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { DEFAULT_SPEC_PATH, repoPath } from '../../harness/contract';
import { BUNDLE_FILES, bundleFiles, isObject, isSchemaPath, objectsIn, type JsonObject } from '../../bin/lib/bundle';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** "METHOD path operationId" of every operation of an OpenAPI document. */
function operations(document: JsonObject): string[] {
  return Object.entries(document.paths as JsonObject).flatMap(([path, item]) =>
    METHODS.filter((method) => isObject(item) && isObject(item[method])).map((method) => `${method.toUpperCase()} ${path} ${String(((item as JsonObject)[method] as JsonObject).operationId)}`),
  );
}

/** Where two texts first differ, by line. */
function firstDifference(actual: string, expected: string): string {
  const [a, b] = [actual.split('\n'), expected.split('\n')];
  const line = a.findIndex((text, index) => text !== b[index]);
  const at = line < 0 ? a.length : line;
  return `line ${at + 1}: the file has ${JSON.stringify(a[at] ?? '(end)')}, the spec generates ${JSON.stringify(b[at] ?? '(end)')}`;
}

describe('the contract for other tools (npm run spec:bundle)', () => {
  const generated = bundleFiles();
  const bundle = JSON.parse(generated[BUNDLE_FILES.openapi31]!) as JsonObject;
  const schemas = [...objectsIn(bundle)].filter(([, path]) => isSchemaPath(path));

  it('dist/ holds exactly what spec/openapi.yaml generates (regenerate with npm run spec:bundle)', () => {
    for (const [path, text] of Object.entries(generated)) {
      const current = readFileSync(repoPath(path), 'utf8');
      assert.ok(current === text, `${path} is stale (run npm run spec:bundle); ${firstDifference(current, text)}`);
    }
  });

  it('generates the same text twice (no timestamps, a stable order)', () => {
    assert.deepEqual(bundleFiles(), generated);
  });

  it('holds every operation of the spec, with its operationId', () => {
    const source = parse(readFileSync(DEFAULT_SPEC_PATH, 'utf8')) as JsonObject;
    assert.deepEqual(operations(bundle), operations(source));
  });

  it('references only whole components: none into a schema\'s properties, none with sibling keywords', () => {
    const refs = [...objectsIn(bundle)].filter(([node]) => typeof node.$ref === 'string');
    assert.ok(refs.length > 0);
    for (const [node, path] of refs) {
      assert.match(String(node.$ref), /^#\/components\/(schemas|responses)\/[^/]+$/, path.join('/'));
      assert.deepEqual(Object.keys(node), ['$ref'], `${path.join('/')}: $ref with siblings`);
    }
  });

  it('gives every array schema its items', () => {
    const arrays = schemas.filter(([node]) => node.type === 'array' || (Array.isArray(node.type) && node.type.includes('array')));
    assert.ok(arrays.length > 5);
    for (const [node, path] of arrays) assert.ok(isObject(node.items), `${path.join('/')} has no items`);
  });

  it('uses only keywords generic tools read: no allOf, const, if/then or custom format', () => {
    for (const [node, path] of schemas) {
      for (const keyword of ['allOf', 'const', 'if', 'then', 'else']) assert.ok(!(keyword in node), `${path.join('/')} has ${keyword}`);
      assert.ok(typeof node.format !== 'string' || !node.format.startsWith('ems-'), `${path.join('/')} has format ${String(node.format)}`);
    }
  });

  it('answers each JSON operation with HTTP 200: its own success envelope or the failure envelope', () => {
    const responses = bundle.components as { responses: Record<string, JsonObject>; schemas: Record<string, JsonObject> };
    const enveloped = Object.entries(responses.responses).flatMap(([name, response]) => {
      const json = isObject(response.content) ? (response.content['application/json'] as JsonObject | undefined) : undefined;
      return json && isObject(json.schema) && Array.isArray(json.schema.oneOf) ? [[name, json.schema.oneOf] as const] : [];
    });
    assert.ok(enveloped.length >= 6);
    for (const [name, branches] of enveloped) {
      const [success, failure] = branches.map((branch) => String((branch as JsonObject).$ref).split('/').pop()!);
      assert.match(success!, /Success$/, name);
      assert.equal(failure, 'ServiceFailure', name);
      const envelope = responses.schemas[success!]!;
      assert.deepEqual(envelope.required, ['success', 'code', 'errors', 'data', 'requestID'], name);
      assert.deepEqual((envelope.properties as JsonObject).success, { type: 'integer', enum: [1] }, name);
    }
  });

  it('passes the lint the spec passes (redocly lint with spec/redocly.yaml)', () => {
    const cli = repoPath('node_modules', '@redocly', 'cli', 'bin', 'cli.js');
    const lint = spawnSync(process.execPath, [cli, 'lint', '--config', 'spec/redocly.yaml', BUNDLE_FILES.openapi31], {
      cwd: repoPath(),
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    assert.equal(lint.status, 0, lint.stdout + lint.stderr);
  });
});
