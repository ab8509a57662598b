/** The JSON values an OpenAPI document is made of, and a walk that rebuilds one bottom-up. */
export type Json = null | boolean | number | string | Json[] | JsonObject;
export interface JsonObject {
  [key: string]: Json;
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Rebuilds `value` with `visit` applied to every object, children first; `path` is the keys from the root.
 * `visit` returns the object to keep (the same one or a new one).
 */
export function mapObjects(value: Json, visit: (node: JsonObject, path: readonly string[]) => JsonObject, path: readonly string[] = []): Json {
  if (Array.isArray(value)) return value.map((item, index) => mapObjects(item, visit, [...path, String(index)]));
  if (!isObject(value)) return value;
  const rebuilt: JsonObject = {};
  for (const [key, child] of Object.entries(value)) rebuilt[key] = mapObjects(child, visit, [...path, key]);
  return visit(rebuilt, path);
}

/** Every object in `value` with its path, parents first. */
export function* objectsIn(value: Json, path: readonly string[] = []): Generator<[JsonObject, readonly string[]]> {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) yield* objectsIn(item, [...path, String(index)]);
  } else if (isObject(value)) {
    yield [value, path];
    for (const [key, child] of Object.entries(value)) yield* objectsIn(child, [...path, key]);
  }
}

/** The document as the files hold it: two-space JSON and a final newline, keys in the source's order. */
export function toJsonText(document: Json): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
