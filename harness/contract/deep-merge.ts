type PlainObject = Record<string, unknown>;

function isPlainObject(value: unknown): value is PlainObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * A JSON merge patch (RFC 7396) of `override` onto `base`: objects merge key by key; a member of
 * `override` that is null removes that member; anything else (arrays included) replaces `base`.
 * The result holds no null member of an object (a patch applied to nothing drops its nulls).
 */
export function deepMerge(base: unknown, override: unknown): unknown {
  if (override === undefined) return base;
  if (!isPlainObject(override)) return override;
  const merged: PlainObject = isPlainObject(base) ? { ...base } : {};
  for (const [key, value] of Object.entries(override)) {
    if (value === null) delete merged[key];
    else merged[key] = deepMerge(merged[key], value);
  }
  return merged;
}
