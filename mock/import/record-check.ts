import type { JsonObject } from '../params';

/** local@domain.tld, no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@(?:[^\s@.]+\.)+[^\s@.]{2,}$/;

export interface RecordRules {
  /** The first record's keys, sorted; undefined when the first record is not an object. */
  structure: string[] | undefined;
  checkStructure: boolean;
  requireEmail: boolean;
  acceptCustomFields: boolean;
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function structureOf(record: unknown): string[] | undefined {
  return isJsonObject(record) ? Object.keys(record).sort() : undefined;
}

/** Why a contact record cannot be imported; empty when it can. */
export function recordErrors(record: unknown, rules: RecordRules): string[] {
  if (!isJsonObject(record)) return ['the record is not a JSON object'];
  const errors: string[] = [];
  const keys = Object.keys(record).sort();
  if (rules.checkStructure && rules.structure && keys.join('\u0000') !== rules.structure.join('\u0000')) {
    errors.push(`the record's fields (${keys.join(', ') || 'none'}) differ from the first record's (${rules.structure.join(', ')})`);
  }
  errors.push(...emailErrors(record.email, rules.requireEmail));
  for (const [name, value] of Object.entries(record)) {
    if (name === 'email') continue;
    if (name === 'customFields') errors.push(...customFieldErrors(value, rules.acceptCustomFields));
    else if (!isScalar(value)) errors.push(`field ${name} must be a string, number, boolean or null`);
  }
  return errors;
}

function emailErrors(email: unknown, required: boolean): string[] {
  if (email === undefined || email === null || email === '') return required ? ['email is required'] : [];
  if (typeof email !== 'string') return ['email must be a string'];
  return EMAIL_PATTERN.test(email.trim()) ? [] : [`email "${email}" is not a valid address`];
}

function customFieldErrors(customFields: unknown, accepted: boolean): string[] {
  if (!accepted) return ['customFields is not a field of this list'];
  if (!isJsonObject(customFields)) return ['customFields must be an object mapping each field name to {"value": ...}'];
  return Object.entries(customFields)
    .filter(([, field]) => !(isJsonObject(field) && 'value' in field && isScalar(field.value)))
    .map(([name]) => `customFields.${name} must be an object with a value member holding a string, number, boolean or null`);
}

function isScalar(value: unknown): boolean {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}
