/**
 * `npm run spec:diff -- <old-openapi.yaml> <new-openapi.yaml> [--old-rules a.yaml --new-rules b.yaml] [--json] [--fail-on-breaking]`
 * `npm run spec:diff -- --since <git-ref> [--json] [--fail-on-breaking]`
 *
 * Lists what changed for conformance between two versions of the spec (and of the rule catalogue), each change
 * flagged breaking or not. `--since` compares spec/openapi.yaml and spec/rules.yaml at a git ref with the work tree.
 * Exits 0, except 1 with --fail-on-breaking when a change is breaking, and 2 on a usage error.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parse } from 'yaml';
import { ConfigError, oneLine } from '../harness/core';
import { diffSpecs, renderSpecDiff, type SpecVersion } from '../harness/report/spec-diff';

const SPEC = 'spec/openapi.yaml';
const RULES = 'spec/rules.yaml';

/**
 * A spec or rule file, read and checked before anything is compared: one that cannot be read, is not YAML or
 * is not the kind of document it is given as (an OpenAPI document, a rule catalogue) is one line, exit 2.
 */
function fromFile(path: string | undefined, kind: 'openapi' | 'rules'): unknown {
  if (path === undefined) return undefined;
  const refuse = (why: string) => new ConfigError(`${path}: ${why}`);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw refuse(`cannot be read: ${oneLine(error)}`);
  }
  let document: unknown;
  try {
    document = parse(text);
  } catch (error) {
    throw refuse(`is not YAML (${oneLine(error)})`);
  }
  const members = document !== null && typeof document === 'object' && !Array.isArray(document) ? (document as Record<string, unknown>) : undefined;
  if (kind === 'openapi' && typeof members?.openapi !== 'string') throw refuse('is not an OpenAPI document (no openapi: version at its top)');
  if (kind === 'rules' && !Array.isArray(members?.rules)) throw refuse('is not a rule catalogue (no rules: list at its top)');
  return document;
}

/** A file as it was at a git ref; a file the ref does not hold is an empty document. */
function fromGit(ref: string, path: string): unknown {
  try {
    return parse(execFileSync('git', ['show', `${ref}:${path}`], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
  } catch {
    return {};
  }
}

function version(openapi: unknown, rules: unknown): SpecVersion {
  return rules === undefined ? { openapi } : { openapi, rules: rules as SpecVersion['rules'] & object };
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    since: { type: 'string' },
    'old-rules': { type: 'string' },
    'new-rules': { type: 'string' },
    json: { type: 'boolean', default: false },
    'fail-on-breaking': { type: 'boolean', default: false },
  },
});

function versions(): [SpecVersion, SpecVersion] {
  if (values.since !== undefined) {
    const [newSpec = SPEC] = positionals;
    return [
      version(fromGit(values.since, SPEC), fromGit(values.since, RULES)),
      version(fromFile(newSpec, 'openapi'), fromFile(values['new-rules'] ?? RULES, 'rules')),
    ];
  }
  const [oldSpec, newSpec] = positionals;
  if (oldSpec === undefined || newSpec === undefined) {
    console.error('usage: ems-conformance spec-diff <old-openapi.yaml> <new-openapi.yaml> [--old-rules a.yaml --new-rules b.yaml] [--json] [--fail-on-breaking]\n' +
      '       ems-conformance spec-diff --since <git-ref> [--json] [--fail-on-breaking]');
    process.exit(2);
  }
  return [version(fromFile(oldSpec, 'openapi'), fromFile(values['old-rules'], 'rules')), version(fromFile(newSpec, 'openapi'), fromFile(values['new-rules'], 'rules'))];
}

const [before, after] = versions();
const diff = diffSpecs(before, after);
console.log(values.json ? JSON.stringify(diff, null, 2) : renderSpecDiff(diff));
process.exit(values['fail-on-breaking'] && diff.breaking > 0 ? 1 : 0);
