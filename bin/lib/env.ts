/**
 * The environment of a child run: ours without any EMS_* variable (the caller's target, tokens and
 * settings must not leak into it), with these on top.
 */
export function childEnv(extra: Record<string, string | undefined> = {}, env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const kept = Object.entries(env).filter((entry): entry is [string, string] => !entry[0].startsWith('EMS_') && entry[1] !== undefined);
  const added = Object.entries(extra).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return Object.fromEntries([...kept, ...added]);
}
