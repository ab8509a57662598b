import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';

/** The repository root, whatever the working directory. */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** A path inside the repository. */
export function repoPath(...segments: string[]): string {
  return resolve(repoRoot, ...segments);
}
