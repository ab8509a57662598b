import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import type { Profile } from '../types';
import { deepMerge } from './deep-merge';
import { compileJsonSchema, describeErrors } from './json-schema-validator';
import { repoPath } from './repo-path';
import profileSchema from '../../profiles/profile.schema.json' with { type: 'json' };

export const PROFILES_DIR = repoPath('profiles');
export const DEFAULT_PROFILE = 'service';

const SCHEMA_FILE = 'profile.schema.json';

/** Names of the built-in profiles (profiles/<name>.json), the default first. */
export function listBuiltInProfiles(): string[] {
  return readdirSync(PROFILES_DIR)
    .filter((file) => file.endsWith('.json') && file !== SCHEMA_FILE)
    .map((file) => basename(file, '.json'))
    .sort((a, b) => Number(b === DEFAULT_PROFILE) - Number(a === DEFAULT_PROFILE) || a.localeCompare(b));
}

function isPath(nameOrPath: string): boolean {
  return /[\\/]/.test(nameOrPath) || nameOrPath.endsWith('.json');
}

/** Where a profile reference points and how errors name it. Paths resolve against `fromDir`. */
function locate(nameOrPath: string, fromDir: string): { file: string; label: string } {
  if (isPath(nameOrPath)) return { file: resolve(fromDir, nameOrPath), label: `profile file ${nameOrPath}` };
  const label = `profile "${nameOrPath}"`;
  const builtIns = listBuiltInProfiles();
  if (!builtIns.includes(nameOrPath)) {
    throw new Error(`${label}: unknown built-in profile; built-ins are ${builtIns.join(', ')}`);
  }
  return { file: resolve(PROFILES_DIR, `${nameOrPath}.json`), label };
}

function readJson(file: string, label: string): Record<string, unknown> {
  if (!existsSync(file)) throw new Error(`${label}: no such file (${file})`);
  if (statSync(file).isDirectory()) throw new Error(`${label}: is a folder, not a profile file (${file})`);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`${label}: cannot be read: ${(error as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`${label}: malformed JSON: ${(error as Error).message}`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error(`${label}: not a JSON object`);
  return parsed as Record<string, unknown>;
}

function load(nameOrPath: string, fromDir: string, chain: string[]): Profile {
  const { file, label } = locate(nameOrPath, fromDir);
  if (chain.includes(file)) throw new Error(`${label}: extends itself (${[...chain, file].join(' -> ')})`);
  const own = readJson(file, label);
  // Applied to nothing, the merge patch drops the profile's own nulls ("removes nothing").
  let merged: unknown = deepMerge(undefined, own);
  if (typeof own.extends === 'string') {
    let base: Profile;
    try {
      base = load(own.extends, dirname(file), [...chain, file]);
    } catch (error) {
      throw new Error(`${label}: extends ${(error as Error).message}`);
    }
    merged = deepMerge(base, own);
  }
  const validateProfile = compileJsonSchema<Profile>(profileSchema);
  if (!validateProfile(merged)) throw new Error(`${label}: ${describeErrors(validateProfile.errors)}`);
  // No envelope (absent, or removed with null): no envelope schema on either side.
  return { ...merged, envelope: merged.envelope ?? {} };
}

/**
 * A target profile: a built-in name (profiles/<name>.json) or a path to a profile file (relative
 * to the working directory). `extends` is resolved as a JSON merge patch (this profile wins; a
 * member set to null removes the parent's, e.g. `"envelope": null`) and the result is validated
 * against profiles/profile.schema.json. Every failure is one line naming the profile.
 */
export function loadProfile(nameOrPath: string = DEFAULT_PROFILE): Profile {
  return load(nameOrPath, process.cwd(), []);
}
