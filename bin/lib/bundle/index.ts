import { DEFAULT_SPEC_PATH } from '../../../harness/contract';
import { flattenAllOf } from './all-of';
import { giveArraysItems } from './array-items';
import { conditionalsAsExtensions } from './conditionals';
import { constToEnum } from './const-enum';
import { nameSuccessEnvelopes } from './envelopes';
import { standardFormats } from './formats';
import { inlineReferences } from './inline-refs';
import { toJsonText, type JsonObject } from './json';
import { redoclyBundle } from './redocly';

export { isObject, objectsIn, toJsonText, type Json, type JsonObject } from './json';
export { isSchemaPath } from './schema-nodes';

/** The bundle's files, relative to the repository root. */
export const BUNDLE_FILES = { openapi31: 'dist/openapi.json' } as const;

/** spec/openapi.yaml in the form generic OpenAPI tools read (OpenAPI 3.1). */
export function bundleDocument(specPath: string = DEFAULT_SPEC_PATH): JsonObject {
  let document = redoclyBundle(specPath);
  for (const step of [inlineReferences, flattenAllOf, constToEnum, conditionalsAsExtensions, giveArraysItems, standardFormats, nameSuccessEnvelopes]) {
    document = step(document);
  }
  return document;
}

/** Every bundle file's path and text. */
export function bundleFiles(specPath: string = DEFAULT_SPEC_PATH): Record<string, string> {
  const document = bundleDocument(specPath);
  return { [BUNDLE_FILES.openapi31]: toJsonText(document) };
}
