import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { valueAt, formatPointer } from '../../harness/contract';
import { isObject, type JsonObject } from '../../bin/lib/bundle';

const BUNDLE_ID = 'https://ems.invalid/bundle.json';

/** A response object, its `$ref` to components.responses followed. */
export function responseOf(bundle: JsonObject, response: unknown): JsonObject {
  if (isObject(response) && typeof response.$ref === 'string') return responseOf(bundle, valueAt(bundle, response.$ref.slice(1)));
  if (!isObject(response)) throw new Error('not a response object');
  return response;
}

/**
 * Validates bodies against the bundle's own schemas (JSON Schema 2020-12, as OpenAPI 3.1 has it), with the
 * whole bundle as the schema resource so that its `#/components/...` references resolve.
 */
export function bundleValidator(bundle: JsonObject) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ ...bundle, $id: BUNDLE_ID });
  return {
    /** The issues of `body` against the schema at `path` (keys from the bundle's root); [] when it conforms. */
    issues(path: readonly string[], body: unknown): string[] {
      const validate = ajv.getSchema(`${BUNDLE_ID}#${formatPointer(path)}`);
      if (!validate) throw new Error(`no schema at ${formatPointer(path)}`);
      return validate(body) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message}`);
    },
  };
}
