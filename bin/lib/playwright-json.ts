import { join } from 'node:path';
import { declaredRules } from '../../harness/core';

/** The parts of Playwright's JSON report (and of `playwright test --list --reporter=json`) the commands read. */
export interface PlaywrightJson {
  config?: { rootDir?: string; workers?: number };
  /** When the run began (ISO), after Playwright's CLI and config had loaded. */
  stats?: { startTime?: string; duration?: number };
  suites?: PlaywrightSuite[];
  errors?: { message?: string }[];
}

interface PlaywrightSuite {
  title: string;
  /** Set on a file's suite: the file, relative to the config's rootDir. */
  file?: string;
  specs?: { title: string; tags?: string[]; tests?: { results?: PlaywrightResult[] }[] }[];
  suites?: PlaywrightSuite[];
}

interface PlaywrightResult {
  duration: number;
  /** When the test began (ISO). */
  startTime?: string;
  status?: string;
  annotations?: { type: string; description?: string }[];
}

/** One test of the report. */
export interface ListedTest {
  /** The spec file that registered it (absolute). */
  file: string;
  /** Its title path, file first: "groups-search.spec.ts › groups/search › rpp within bounds…". */
  title: string;
  /** The rules it declares (its @rule: tags). */
  rules: string[];
  /** Its runs (none in a listing). */
  results: PlaywrightResult[];
}

/**
 * Every test of a Playwright JSON report, with the file of its top-level suite (a registered check's
 * own `file` is where `test()` was called: harness/runner/register.ts).
 */
export function listedTests(json: PlaywrightJson, rootDir = json.config?.rootDir ?? ''): ListedTest[] {
  const found: ListedTest[] = [];
  const walk = (suite: PlaywrightSuite, file: string, path: string[]) => {
    for (const spec of suite.specs ?? []) {
      const results = (spec.tests ?? []).flatMap((test) => test.results ?? []);
      found.push({ file, title: [...path, spec.title].join(' › '), rules: declaredRules((spec.tags ?? []).map(asTag)), results });
    }
    for (const child of suite.suites ?? []) walk(child, file, [...path, child.title]);
  };
  for (const suite of json.suites ?? []) walk(suite, join(rootDir, suite.file ?? suite.title), [suite.title]);
  return found;
}

/** Playwright's JSON report drops a tag's leading @ ("rule:<id>"); the harness reads tags as written (@rule:<id>). */
const asTag = (tag: string): string => (tag.startsWith('@') ? tag : `@${tag}`);

/** The annotations of a test's runs of one type, their descriptions parsed as JSON. */
export function annotationsOf<T>(test: ListedTest, type: string): T[] {
  return test.results
    .flatMap((result) => result.annotations ?? [])
    .filter((annotation) => annotation.type === type)
    .map((annotation) => JSON.parse(annotation.description ?? 'null') as T);
}
