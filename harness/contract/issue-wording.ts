import type { ErrorObject } from 'ajv';
import { type DatetimeFormat, DATETIME_FORMATS, isEmsFormat } from './datetime-formats';

/** The expected constraint of an ajv error in words: "type: integer", "enum: Active, Archived", "maximum: 250". */
export function constraintOf(error: ErrorObject, datetime: DatetimeFormat): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'type':
      return `type: ${[params.type].flat().join(', ')}`;
    case 'enum':
      return `enum: ${(params.allowedValues as unknown[]).join(', ')}`;
    case 'const':
      return `const: ${JSON.stringify(params.allowedValue)}`;
    case 'required':
      return `required: ${String(params.missingProperty)}`;
    case 'additionalProperties':
      return `additionalProperties: ${String(params.additionalProperty)} not allowed`;
    case 'format': {
      const format = params.format;
      return isEmsFormat(format) ? `format: ${format} (${DATETIME_FORMATS[datetime][format].shape})` : `format: ${String(format)}`;
    }
    default:
      return 'limit' in params ? `${error.keyword}: ${String(params.limit)}` : `${error.keyword}: ${error.message ?? ''}`.trim();
  }
}

/** An issue message that names the pointer: `/data/records/3/totalMembers: expected type: integer, found "12"`. */
export function issueMessage(pointer: string, constraint: string, actual: unknown, missing: boolean): string {
  const where = pointer === '' ? '(body root)' : pointer;
  return missing ? `${where}: missing (${constraint})` : `${where}: expected ${constraint}, found ${JSON.stringify(actual) ?? 'nothing'}`;
}
