import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ErrorObject, ValidateFunction } from 'ajv';

/** A draft 2020-12 validator for one of the harness's own JSON Schemas (profiles, rule catalogue). */
export function compileJsonSchema<T>(schema: object): ValidateFunction<T> {
  const ajv = new Ajv2020({ allErrors: true });
  addFormats(ajv);
  return ajv.compile<T>(schema);
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
