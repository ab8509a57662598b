import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ErrorObject, ValidateFunction } from 'ajv';

let ajv: Ajv2020 | undefined;
const compiled = new WeakMap<object, ValidateFunction>();

/**
 * A draft 2020-12 validator for one of the harness's own JSON Schemas (profiles, rule catalogue), compiled
 * once per schema on one shared ajv. The schemas are not checked against the meta-schema here (compiling
 * the meta-schema was a large part of every worker's start): selftest/contract/meta-schema.test.ts does.
 */
export function compileJsonSchema<T>(schema: object): ValidateFunction<T> {
  let validate = compiled.get(schema);
  if (!validate) {
    if (!ajv) {
      ajv = new Ajv2020({ allErrors: true, validateSchema: false });
      addFormats(ajv);
    }
    validate = ajv.compile<T>(schema);
    compiled.set(schema, validate);
  }
  return validate as ValidateFunction<T>;
}

/** ajv errors as one line: "/outcome/errorStatus must be string; /quirks must NOT have additional properties (nullForAbsent)". */
export function describeErrors(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? [])
    .map((e) => {
      const extra = (e.params as { additionalProperty?: string }).additionalProperty;
      return `${e.instancePath || '/'} ${e.message ?? e.keyword}${extra === undefined ? '' : ` (${extra})`}`;
    })
    .join('; ');
}
