/**
 * Batches of contacts/import: fresh run-unique contacts of one shape, addresses in assorted letter
 * cases, a batch holding one address twice, customFields values, and plans of contacts imported twice.
 */
import fc from 'fast-check';
import { AddressBook, contactOfShape, defectiveBatch, type ContactRecord, type ContactShape } from './contacts';
import { boundsOf } from './spec-params';

/** Batch sizes for properties: the spec's minimum up to a dozen (the maximum is sent once, by the limits check). */
export const smallBatchSize = (max = 12): fc.Arbitrary<number> => {
  const bounds = boundsOf('contacts.import', 'contacts');
  return fc.integer({ min: bounds.min, max: Math.min(bounds.max ?? max, max) });
};

/** How a run-unique address is written: as generated, its local part upper-cased, or every letter capitalised. */
export type LetterCase = 'as-generated' | 'upper-local' | 'upper';
export const letterCase: fc.Arbitrary<LetterCase> = fc.constantFrom<LetterCase>('as-generated', 'upper-local', 'upper');

export function inLetterCase(email: string, style: LetterCase): string {
  if (style === 'upper') return email.toUpperCase();
  if (style === 'upper-local') {
    const at = email.lastIndexOf('@');
    return email.slice(0, at).toUpperCase() + email.slice(at);
  }
  return email;
}

/** The same address in a different letter case (interface.md does not say whether matching ignores case). */
export const otherCase = (email: string): string => (email === email.toUpperCase() ? email.toLowerCase() : email.toUpperCase());

export const contactShape: fc.Arbitrary<ContactShape> = fc.constantFrom<ContactShape>('email', 'email+customFields');

/** Fresh contacts of one shape, each address in its own letter case. */
export function freshContacts(book: AddressBook, shape: ContactShape, cases: LetterCase[], tag = 'x'): ContactRecord[] {
  return cases.map((style) => contactOfShape(shape, inLetterCase(book.fresh(), style), tag));
}

/** `count` fresh contacts, email only, each address as generated. */
export const freshEmailContacts = (book: AddressBook, count: number): ContactRecord[] =>
  freshContacts(book, 'email', Array<LetterCase>(count).fill('as-generated'));

/** `count` fresh addresses, as generated. */
export const freshAddresses = (book: AddressBook, count: number): string[] => freshEmailContacts(book, count).map((record) => record.email!);

/** A well-formed batch of fresh contacts: 1..12 of one shape, addresses in assorted letter cases. */
export function wellFormedBatch(book: AddressBook): fc.Arbitrary<ContactRecord[]> {
  return fc
    .record({ shape: contactShape, cases: smallBatchSize().chain((size) => fc.array(letterCase, { minLength: size, maxLength: size })) })
    .map(({ shape, cases }) => freshContacts(book, shape, cases));
}

/** A well-formed batch holding one address twice: exactly, or in another letter case. */
export interface BatchWithRepeat {
  records: ContactRecord[];
  first: number;
  repeat: number;
  sameCase: boolean;
}

export function batchWithRepeat(book: AddressBook): fc.Arbitrary<BatchWithRepeat> {
  return fc
    .record({ batch: wellFormedBatch(book), from: fc.nat(), at: fc.nat(), sameCase: fc.boolean() })
    .map(({ batch, from, at, sameCase }) => {
      const first = from % batch.length;
      const repeat = first + 1 + (at % (batch.length - first));
      const original = batch[first]!;
      const email = sameCase ? original.email! : otherCase(original.email!);
      const records = [...batch];
      records.splice(repeat, 0, { ...original, email });
      return { records, first, repeat, sameCase };
    });
}

/** Any well-formed or defective batch of fresh contacts, as records. */
export const anyImportBatch = (book: AddressBook): fc.Arbitrary<ContactRecord[]> =>
  fc.oneof(
    wellFormedBatch(book),
    batchWithRepeat(book).map((batch) => batch.records),
    defectiveBatch(book).map((batch) => batch.records),
  );

/** A tag value for customFields: short printable text. */
export const customFieldValue: fc.Arbitrary<string> = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 _.-]{0,19}$/);

/** Fresh contacts to import and then import again: their shape and the letter case of each address. */
export const reimportPlan = fc.record({ shape: contactShape, cases: fc.array(letterCase, { minLength: 1, maxLength: 6 }) });

/** updateExisting as a plan sends it: absent (the documented default), on or off. */
export const updateExistingChoice: fc.Arbitrary<boolean | undefined> = fc.constantFrom<boolean | undefined>(undefined, true, false);
