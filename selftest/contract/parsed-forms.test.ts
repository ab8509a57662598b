import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import Ajv2020 from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import { DEFAULT_RULES_PATH, DEFAULT_SPEC_PATH, loadRules, loadSpec } from '../../harness/contract';
import { readParsedYaml } from '../../harness/contract/parsed-cache';
import catalogueSchema from '../../harness/contract/rule-catalogue.schema.json' with { type: 'json' };
import profileSchema from '../../profiles/profile.schema.json' with { type: 'json' };

// Workers compile schemas with ajv's meta-schema check off (it was a large part of their start);
// this is where every schema the harness compiles is checked against JSON Schema 2020-12.
describe('schemas the harness compiles are valid JSON Schema 2020-12', () => {
  const ajv = new Ajv2020({ allErrors: true });

  test('every component schema of spec/openapi.yaml', () => {
    const schemas = Object.entries(loadSpec().components?.schemas ?? {});
    assert.ok(schemas.length > 10);
    for (const [name, schema] of schemas) {
      assert.equal(ajv.validateSchema(schema as object), true, `${name}: ${ajv.errorsText(ajv.errors)}`);
    }
  });

  test('profiles/profile.schema.json and the rule catalogue schema', () => {
    for (const [name, schema] of [['profile', profileSchema], ['rule catalogue', catalogueSchema]] as const) {
      assert.equal(ajv.validateSchema(schema), true, `${name}: ${ajv.errorsText(ajv.errors)}`);
    }
  });
});

describe('parsed forms of the spec files (harness/contract/parsed-cache.ts)', () => {
  test('the cached spec and rule catalogue are exactly what the YAML parses to', () => {
    assert.deepEqual(loadSpec(), parse(readFileSync(DEFAULT_SPEC_PATH, 'utf8')));
    assert.deepEqual(loadRules(), parse(readFileSync(DEFAULT_RULES_PATH, 'utf8')));
    // A second read (a fresh process reads the cache file) gives the same again.
    assert.deepEqual(readParsedYaml(DEFAULT_SPEC_PATH), loadSpec());
  });

  test('a changed file is parsed afresh; what `accept` refuses is never kept', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ems-parsed-'));
    const file = join(dir, 'doc.yaml');
    try {
      writeFileSync(file, 'a: 1\n');
      assert.deepEqual(readParsedYaml(file), { a: 1 });
      writeFileSync(file, 'a: 2\n');
      assert.deepEqual(readParsedYaml(file), { a: 2 });
      let checks = 0;
      const refuse = (): never => {
        checks += 1;
        throw new Error('refused');
      };
      writeFileSync(file, 'refused: true\n');
      assert.throws(() => readParsedYaml(file, { salt: 'strict', accept: refuse }), /refused/);
      assert.throws(() => readParsedYaml(file, { salt: 'strict', accept: refuse }), /refused/);
      assert.equal(checks, 2, 'a refused parse is checked again, not read from the cache');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
