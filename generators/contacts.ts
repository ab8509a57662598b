import fc from 'fast-check';
import { boundsOf } from './spec-params';

/**
 * Import batches. Every address the harness creates is `<runPrefix>-<n>@example.com`: a reserved
 * domain (RFC 2606) and a prefix unique to the run, so runs never collide with each other or with
 * real contacts, and an operator can find what a run created.
 */
export const TEST_DOMAIN = 'example.com';

export function runPrefix(now = Date.now()): string {
  return `emsconf-${now.toString(36)}-${Math.floor(Math.random() * 36 ** 4).toString(36)}`;
}

export interface ContactRecord {
  email?: string;
  customFields?: Record<string, { value: string }>;
}

/** The documented keys of a contact record beyond email: interface.md shows only customFields. */
export type ContactShape = 'email' | 'email+customFields';

/** A source of fresh, run-unique addresses. */
export class AddressBook {
  private next = 0;
  constructor(readonly prefix: string) {}
  fresh(): string {
    return `${this.prefix}-${this.next++}@${TEST_DOMAIN}`;
  }
}

export function contactOfShape(shape: ContactShape, email: string, tag = 'x'): ContactRecord {
  return shape === 'email' ? { email } : { email, customFields: { emsConformanceTag: { value: tag } } };
}

/** Batch sizes the spec allows (1..1000), small ones and the edges favoured. */
export const batchSizeWithin = (): fc.Arbitrary<number> => {
  const { min, max } = boundsOf('contacts.import', 'contacts');
  const upper = max ?? 1000;
  return fc.oneof({ weight: 4, arbitrary: fc.integer({ min, max: Math.min(upper, 12) }) }, { weight: 1, arbitrary: fc.constantFrom(min, upper) });
};

/** The first batch size the spec refuses (1001), and the empty batch. */
export const batchSizesOutside = (): number[] => {
  const { min, max } = boundsOf('contacts.import', 'contacts');
  return [min - 1, (max ?? 1000) + 1];
};

/** Ways a row can break the rules of interface.md while the rest of the batch is fine. */
export type RowDefect = 'no-email' | 'added-key' | 'missing-key' | 'malformed-email';

export const rowDefect: fc.Arbitrary<RowDefect> = fc.constantFrom<RowDefect>('no-email', 'added-key', 'missing-key', 'malformed-email');

/** Addresses that are not local@domain.tld. */
export const malformedEmail = (prefix: string): fc.Arbitrary<string> =>
  fc.constantFrom(`${prefix}-no-at.${TEST_DOMAIN}`, `${prefix}@@${TEST_DOMAIN}`, `@${TEST_DOMAIN}`, `${prefix}-x@`, `${prefix} x@${TEST_DOMAIN}`);

/**
 * A batch whose first record fixes the shape (and which starts with a well-formed row), with one defective
 * row at `defectAt`. The first record must be sound, since it defines the structure for the others.
 */
export interface DefectiveBatch {
  records: ContactRecord[];
  defectAt: number;
  defect: RowDefect;
}

export function defectiveBatch(book: AddressBook): fc.Arbitrary<DefectiveBatch> {
  return fc
    .record({ size: fc.integer({ min: 2, max: 8 }), defect: rowDefect, position: fc.nat(), malformed: malformedEmail(book.prefix) })
    .map(({ size, defect, position, malformed }) => {
      const defectAt = 1 + (position % (size - 1));
      const firstShape: ContactShape = defect === 'added-key' ? 'email' : 'email+customFields';
      const records = Array.from({ length: size }, () => contactOfShape(firstShape, book.fresh()));
      const row = records[defectAt]!;
      // An empty address keeps the first record's structure, so only the email rule is at stake.
      if (defect === 'no-email') row.email = '';
      if (defect === 'malformed-email') row.email = malformed;
      if (defect === 'added-key') records[defectAt] = contactOfShape('email+customFields', row.email!);
      if (defect === 'missing-key') records[defectAt] = contactOfShape('email', row.email!);
      return { records, defectAt, defect };
    });
}
