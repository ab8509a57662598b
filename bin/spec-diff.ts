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
import { diffSpecs, renderSpecDiff, type SpecVersion } from '../harness/report/spec-diff';

const SPEC = 'spec/openapi.yaml';
const RULES = 'spec/rules.yaml';

function fromFile(path: string | undefined): unknown {
  return path === undefined ? undefined : parse(readFileSync(path, 'utf8'));
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
      version(fromFile(newSpec), fromFile(values['new-rules'] ?? RULES)),
    ];
  }
  const [oldSpec, newSpec] = positionals;
  if (oldSpec === undefined || newSpec === undefined) {
    console.error('usage: ems-conformance spec-diff <old-openapi.yaml> <new-openapi.yaml> [--old-rules a.yaml --new-rules b.yaml] [--json] [--fail-on-breaking]\n' +
      '       ems-conformance spec-diff --since <git-ref> [--json] [--fail-on-breaking]');
    process.exit(2);
  }
  return [version(fromFile(oldSpec), fromFile(values['old-rules'])), version(fromFile(newSpec), fromFile(values['new-rules']))];
}

const [before, after] = versions();
const diff = diffSpecs(before, after);
console.log(values.json ? JSON.stringify(diff, null, 2) : renderSpecDiff(diff));
process.exit(values['fail-on-breaking'] && diff.breaking > 0 ? 1 : 0);
