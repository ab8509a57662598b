import type { OperationKey, Profile, ValidationReport } from '../types';
import { isEmsFormat } from './datetime-formats';
import { constraintOf, issueMessage } from './issue-wording';
import { formatPointer } from './json-pointer';
import { operationInfo } from './operations';
import { payloadViews } from './payload-parts';
import { quirkOf } from './quirks';
import { compiledSchemas, schemaReference, type SchemaName } from './schema-compiler';
import { isOptionalProperty } from './schema-resolution';
import { loadSpec, type ContractDocument } from './spec';

export type Outcome = 'success' | 'error';

export const ENVELOPE_RULE = 'envelope.shape';
export const DATETIME_RULE = 'envelope.datetime-format';

export interface ValueContext {
  /** Rule of the issues (format issues of ems-datetime/ems-date always get envelope.datetime-format). Default "schema". */
  rule?: string;
  /** Body pointer of a path inside the value. Default: the path itself. */
  pointerOf?: (instancePath: string) => string;
}

export interface ResponseValidator {
  readonly profile: Profile;
  /** Validate a response body: the profile's envelope, then (on success) the payload parts of x-payload. */
  validateResponse(operation: OperationKey, body: unknown, outcome: Outcome): ValidationReport;
  /** Validate a value against one spec schema: a components/schemas name, or `Name[]` for a list. */
  validateValue(schemaName: SchemaName, value: unknown, context?: ValueContext): ValidationReport;
}

function merge(into: ValidationReport, from: ValidationReport): void {
  into.issues.push(...from.issues);
  into.tolerated.push(...from.tolerated);
}

/**
 * A validator of response bodies under a target profile. The spec's schemas are compiled once per
 * spec and datetime format; the profile's quirks are tolerated and reported as tolerated.
 */
export function createResponseValidator(profile: Profile, spec: ContractDocument = loadSpec()): ResponseValidator {
  const datetime = profile.datetime.format;
  const schemas = compiledSchemas(spec, datetime);

  function validateValue(schemaName: SchemaName, value: unknown, context: ValueContext = {}): ValidationReport {
    const { rule = 'schema', pointerOf = (path: string) => path } = context;
    const report: ValidationReport = { issues: [], tolerated: [] };
    const validate = schemas.validator(schemaName);
    if (validate(value)) return report;
    const root = schemaReference(schemaName);
    for (const error of validate.errors ?? []) {
      // An `if` error only says its `then` failed; that failure is reported on its own, where it is.
      if (error.keyword === 'if') continue;
      const missing = error.keyword === 'required';
      const path = missing ? error.instancePath + formatPointer([String(error.params.missingProperty)]) : error.instancePath;
      const pointer = pointerOf(path);
      const constraint = constraintOf(error, datetime);
      const actual: unknown = missing ? undefined : error.data;
      const issueRule = error.keyword === 'format' && isEmsFormat(error.params.format) ? DATETIME_RULE : rule;
      const quirk = quirkOf(error, profile.quirks, () => isOptionalProperty(spec, root, path));
      if (quirk) report.tolerated.push({ quirk, rule: issueRule, pointer, actual, constraint });
      else {
        const message = issueMessage(pointer, constraint, actual, missing);
        report.issues.push({ rule: issueRule, pointer, keyword: error.keyword, constraint, actual, message });
      }
    }
    return report;
  }

  function validateResponse(operation: OperationKey, body: unknown, outcome: Outcome): ValidationReport {
    const report: ValidationReport = { issues: [], tolerated: [] };
    const { payload } = operationInfo(operation, spec);
    if (outcome === 'success' && payload.file) return report;
    const envelope = profile.envelope[outcome];
    if (envelope) merge(report, validateValue(envelope, body, { rule: ENVELOPE_RULE }));
    if (outcome === 'error') return report;
    for (const view of payloadViews(payload, body, profile.pointers)) {
      merge(report, validateValue(view.schema, view.value, { rule: `schema.${operation}`, pointerOf: view.pointerOf }));
    }
    return report;
  }

  return { profile, validateResponse, validateValue };
}
