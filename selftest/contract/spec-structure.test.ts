import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { OpenAPIV3_1 } from 'openapi-types';
import { OPERATION_KEYS, loadSpec, operationInfo, type OperationExtensions } from '../../harness/contract';
import { folded, sourceDocument } from './source-text';

const spec = loadSpec();
const schemas = (spec.components?.schemas ?? {}) as Record<string, { enum?: unknown[]; properties?: Record<string, Record<string, unknown>>; required?: string[] }>;
type Operation = OpenAPIV3_1.OperationObject<OperationExtensions>;

const operations: { path: string; method: string; operation: Operation }[] = Object.entries(spec.paths ?? {}).flatMap(([path, item]) =>
  (['get', 'post'] as const).flatMap((method) => (item?.[method] ? [{ path, method, operation: item[method] }] : [])),
);

/** Every node of the document with the path leading to it. */
function* nodes(value: unknown, path = ''): Generator<[string, Record<string, unknown>]> {
  if (value === null || typeof value !== 'object') return;
  yield [path, value as Record<string, unknown>];
  for (const [key, child] of Object.entries(value)) yield* nodes(child, `${path}/${key}`);
}

describe('spec/openapi.yaml structure', () => {
  it('is OpenAPI 3.1 with the {base_url} server', () => {
    assert.match(spec.openapi, /^3\.1\./);
    assert.equal(spec.servers?.[0]?.url, '{base_url}');
  });

  it('every operation names a known operation key and payload schemas that exist', () => {
    for (const { path, method, operation } of operations) {
      assert.ok(OPERATION_KEYS.includes(operation['x-operation']), `${method} ${path}`);
      for (const schema of Object.values(operation['x-payload'])) assert.ok(schema && schema in schemas, `${method} ${path}: ${schema}`);
    }
  });

  it('every operation key has an operation, and operationIds are unique', () => {
    assert.deepEqual(OPERATION_KEYS.filter((key) => !operations.some((o) => o.operation['x-operation'] === key)), []);
    const ids = operations.map((o) => o.operation.operationId);
    assert.equal(new Set(ids).size, ids.length);
  });

  it('the endpoints of interface.md with their methods', () => {
    const endpoints = operations.map((o) => `${o.method.toUpperCase()} ${o.path}`).sort();
    assert.deepEqual(endpoints, [
      'POST /contacts/import', 'GET /emails/search', 'GET /exports/emails', 'GET /exports/getFile', 'GET /exports/jobStatus', 'GET /groups/search', 'GET /helper/ping',
      'GET /login/oauth/applicationAccessToken', 'POST /emails/search', 'POST /groups/search', 'POST /login/oauth/applicationAccessToken',
    ].sort());
  });

  it('x-payload of each operation', () => {
    const payloads = Object.fromEntries(OPERATION_KEYS.map((key) => [key, operationInfo(key).payload]));
    assert.deepEqual(payloads, {
      'helper.ping': { object: 'PingData' },
      'groups.search': { records: 'Group', paging: 'Paging' },
      'emails.search': { records: 'Email', paging: 'Paging' },
      'contacts.import': { object: 'ImportResponse' },
      'exports.emails': { object: 'ExportRequestData' },
      'exports.jobStatus': { object: 'ExportJob' },
      'exports.getFile': { file: 'ExportFile' },
      'login.applicationAccessToken': {},
    });
  });

  it('parameters are single-sourced: query parameters and bodies $ref the x-params component', () => {
    for (const { path, method, operation } of operations) {
      const params = operation['x-params'];
      if (!params) continue;
      const names = Object.keys(schemas[params]?.properties ?? {});
      if (method === 'get') {
        const query = (operation.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
        assert.deepEqual(query.map((p) => p.name).sort(), [...names].sort(), `${method} ${path}`);
        for (const p of query) {
          assert.deepEqual(p.schema, { $ref: `#/components/schemas/${params}/properties/${p.name}` }, `${path} ${p.name}`);
          assert.equal(p.required ?? false, (schemas[params]?.required ?? []).includes(p.name), `${path} ${p.name} required`);
        }
      } else {
        const body = operation.requestBody as OpenAPIV3_1.RequestBodyObject;
        assert.deepEqual(body.content['application/json']?.schema, { $ref: `#/components/schemas/${params}` }, `${method} ${path}`);
      }
    }
  });

  it('each bound of rpp and page is written once', () => {
    const count = (keyword: string, value: number) => [...nodes(spec)].filter(([, n]) => n[keyword] === value && n.type === 'integer').length;
    assert.equal(count('maximum', 250), 1);
    assert.equal(count('default', 20), 1);
    assert.equal(schemas.Paging?.properties?.rpp?.$ref, '#/components/schemas/Rpp');
    assert.equal(schemas.Paging?.properties?.page?.$ref, '#/components/schemas/Page');
  });

  it('record enums are capitalised as they come back', () => {
    const enumOf = (schema: string, field: string) => schemas[schema]?.properties?.[field]?.enum;
    assert.deepEqual(enumOf('Group', 'status'), ['Active', 'Archived']);
    assert.deepEqual(enumOf('Group', 'type'), ['Static', 'Dynamic']);
    assert.deepEqual(enumOf('Email', 'deliveryType'), ['Manual', 'Automated', 'Transactional']);
    assert.deepEqual(enumOf('Email', 'status'), ['Draft', 'Sent', 'Scheduled']);
    assert.deepEqual(enumOf('ExportJob', 'status'), ['Pending', 'In Progress', 'Completed', 'Failed']);
  });

  it('naturally absent record fields are optional, the rest required', () => {
    const optional = (schema: string) =>
      Object.keys(schemas[schema]?.properties ?? {}).filter((f) => !(schemas[schema]?.required ?? []).includes(f)).sort();
    assert.deepEqual(optional('Group'), ['autoResponseEmailID', 'dateLastEmailSent', 'dateModified', 'userID']);
    assert.deepEqual(optional('Email'), ['abSplitID', 'dateModified', 'dateSent', 'parentEmailID', 'templateID', 'userID']);
    assert.deepEqual(optional('ServiceEnvelope'), []);
    assert.deepEqual(optional('Paging'), ['next', 'prev']);
  });

  it('every x-not-shown entry is what interface.md marks "not shown", in its words', () => {
    const shown = folded(sourceDocument('interface.md').replaceAll(': not shown', '')).toLowerCase();
    const entries = [...nodes(spec)].flatMap(([path, node]) => ((node['x-not-shown'] as string[] | undefined) ?? []).map((e) => [path, e] as const));
    assert.ok(entries.length >= 15, `${entries.length}`);
    for (const [path, entry] of entries) assert.ok(shown.includes(folded(entry).toLowerCase()), `${path}: "${entry}"`);
  });

  it('the retired token endpoint: {auth_url} server, deprecated, retired 2022-07-10', () => {
    const item = spec.paths?.['/login/oauth/applicationAccessToken'];
    assert.equal(item?.servers?.[0]?.url, '{auth_url}');
    for (const op of [item?.get, item?.post]) {
      assert.equal(op?.deprecated, true);
      assert.equal(op?.['x-retired'], '2022-07-10');
    }
    assert.equal(operationInfo('login.applicationAccessToken').server, '{auth_url}');
  });

  it('the access token is a bearer token in the Authorization header', () => {
    const scheme = spec.components?.securitySchemes?.accessToken as OpenAPIV3_1.HttpSecurityScheme & Record<string, unknown>;
    assert.deepEqual([scheme.type, scheme.scheme, scheme['x-header']], ['http', 'bearer', 'Authorization']);
    assert.ok(scheme['x-bare-token']);
    assert.deepEqual(spec.security, [{ accessToken: [] }]);
  });
});
