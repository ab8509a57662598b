import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import { DATETIME_FORMATS, type DatetimeFormat } from './datetime-formats';
import type { SchemaNode } from './schema-resolution';
import type { ContractDocument } from './spec';

/** Names a spec schema: a components/schemas name, or `Name[]` for a list of them. */
export type SchemaName = string;

export interface CompiledSchemas {
  validator(name: SchemaName): ValidateFunction;
}

const SPEC_ID = 'https://ems-conformance.invalid/spec/openapi.yaml';

/** The schema a name stands for, referring into the spec document at `base` ("" = the spec itself). */
export function schemaReference(name: SchemaName, base = ''): SchemaNode {
  const ref = (component: string) => ({ $ref: `${base}#/components/schemas/${component}` });
  return name.endsWith('[]') ? { type: 'array', items: ref(name.slice(0, -2)) } : ref(name);
}

/** Every x- extension keyword used in the component schemas, so that strict ajv accepts them. */
function extensionKeywords(spec: ContractDocument): string[] {
  const keywords = new Set<string>();
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith('x-')) keywords.add(key);
      else visit(value);
    }
  };
  visit(spec.components?.schemas);
  return [...keywords];
}

function compile(spec: ContractDocument, datetime: DatetimeFormat): CompiledSchemas {
  // validateSchema: false: the spec's schemas are checked against the meta-schema by
  // selftest/contract/meta-schema.test.ts (and the spec lint), not in every worker.
  const ajv = new Ajv2020({ allErrors: true, verbose: true, allowUnionTypes: true, validateSchema: false });
  addFormats(ajv);
  for (const [format, definition] of Object.entries(DATETIME_FORMATS[datetime])) {
    ajv.addFormat(format, { type: 'string', validate: definition.validate });
  }
  // The schemas' $refs point into the OpenAPI document ("#/components/schemas/..."), so the
  // document itself is the root schema; its `components` member is no JSON Schema keyword.
  ajv.addVocabulary(['components', ...extensionKeywords(spec)]);
  ajv.addSchema({ $id: SPEC_ID, components: spec.components }, undefined, undefined, false);
  const validators = new Map<SchemaName, ValidateFunction>();
  return {
    validator(name) {
      let validate = validators.get(name);
      if (!validate) {
        validate = ajv.compile(schemaReference(name, SPEC_ID));
        validators.set(name, validate);
      }
      return validate;
    },
  };
}

const compiled = new WeakMap<ContractDocument, Map<DatetimeFormat, CompiledSchemas>>();

/** The spec's schemas compiled with ajv (2020-12, ajv-formats), once per spec and datetime format. */
export function compiledSchemas(spec: ContractDocument, datetime: DatetimeFormat): CompiledSchemas {
  let byFormat = compiled.get(spec);
  if (!byFormat) {
    byFormat = new Map();
    compiled.set(spec, byFormat);
  }
  let schemas = byFormat.get(datetime);
  if (!schemas) {
    schemas = compile(spec, datetime);
    byFormat.set(datetime, schemas);
  }
  return schemas;
}
