import type { OperationKey, Profile, ValidatedPart, ValidationReport } from '../types';
import { isEmsFormat } from './datetime-formats';
import { constraintOf, issueMessage } from './issue-wording';
import { formatPointer } from './json-pointer';
import { operationInfo } from './operations';
import { payloadViews } from './payload-parts';
import { quirkOf } from './quirks';
import { compiledSchemas, schemaReference, type SchemaName } from './schema-compiler';
import { isOptionalProperty } from './schema-resolution';
import { validatingRule } from './rules';
import { loadSpec, type ContractDocument } from './spec';

export type Outcome = 'success' | 'error';

/**
 * The rule of the issues of a part (the catalogue's rule that validates it, Rule.validates); where the
 * catalogue has none, the part's name stands in.
 */
const ruleOf = (part: ValidatedPart, op?: OperationKey): string => validatingRule(part, op)?.id ?? part;

export interface ValueContext {
  /** Rule of the issues (format issues of ems-datetime/ems-date always get the rule validating the datetime format). Default "schema". */
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
      const issueRule = error.keyword === 'format' && isEmsFormat(error.params.format) ? ruleOf('datetime-format') : rule;
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
    if (envelope) merge(report, validateValue(envelope, body, { rule: ruleOf('envelope', operation) }));
    if (outcome === 'error') return report;
    for (const view of payloadViews(payload, body, profile.pointers)) {
      merge(report, validateValue(view.schema, view.value, { rule: ruleOf('payload', operation), pointerOf: view.pointerOf }));
    }
    return report;
  }

  return { profile, validateResponse, validateValue };
}
