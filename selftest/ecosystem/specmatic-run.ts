import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { SPECMATIC_JAR } from './tools';

/**
 * Specmatic's contract tests of the bundle against a target, run as `java -jar specmatic.jar test`.
 * Its exit code is not read (the npm wrapper exits 0 on failures): the JUnit report and the log are.
 */
export interface SpecmaticRun {
  /** The folder Specmatic ran in (its log, JUnit and HTML reports): it holds the token, remove it. */
  dir: string;
  log: string;
  tests: number;
  failures: number;
  errors: number;
  /** Each test case: its scenario ("GET /helper/ping -> 200 ...") and failure text, if any. */
  cases: { scenario: string; failure?: string }[];
}

/**
 * The one kind of answer no generated request can reach: getFile's zip needs a fileKey that a finished export job
 * issued, which a test generated from the schema cannot know. Excluded from the run (Specmatic reports it as such).
 */
export const SPECMATIC_FILTER = "!(PATH='/exports/getFile' && RESPONSE.CONTENT-TYPE='application/zip')";

export async function runSpecmatic(bundlePath: string, baseUrl: string, token: string, limitMs: number): Promise<SpecmaticRun> {
  const dir = mkdtempSync(join(tmpdir(), 'ems-specmatic-'));
  const logPath = join(dir, 'specmatic.log');
  const log = openSync(logPath, 'w');
  const args = ['-jar', SPECMATIC_JAR, 'test', bundlePath, '--testBaseURL', baseUrl, '--junitReportDir', join(dir, 'junit'), '--filter', SPECMATIC_FILTER];
  await new Promise<void>((resolve, reject) => {
    const child = spawn('java', args, {
      cwd: dir,
      stdio: ['ignore', log, log],
      // The bearer token goes in the variable named after the bundle's security scheme (accessToken). Specmatic's
      // defaults generate positive tests only (its negative, generative tests are opt-in: SPECMATIC_GENERATIVE_TESTS).
      // SCHEMA_EXAMPLE_DEFAULT: a value with an example in the schema takes it (every datetime the service's
      // `2013-02-12 02:42:00`), so that generated date windows are valid and most email searches answer a success.
      env: { ...process.env, accessToken: token, SCHEMA_EXAMPLE_DEFAULT: 'true' },
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
    child.once('error', reject);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  closeSync(log);
  const junitDir = join(dir, 'junit');
  const xml = (existsSync(junitDir) ? readdirSync(junitDir) : []).filter((name) => name.endsWith('.xml')).map((name) => readFileSync(join(junitDir, name), 'utf8'));
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => ['testsuite', 'testcase'].includes(name) });
  const suites = xml.flatMap((text) => (parser.parse(text) as { testsuite?: Record<string, any>[] }).testsuite ?? []);
  const cases = suites.flatMap((suite) =>
    (suite.testcase ?? []).map((testcase: Record<string, any>) => {
      const scenario = /Scenario: (.*)$/.exec(String(testcase.name))?.[1] ?? String(testcase.name);
      const failure = testcase.failure ?? testcase.error;
      return failure === undefined ? { scenario } : { scenario, failure: typeof failure === 'string' ? failure : String(failure.message ?? failure['#text'] ?? '') };
    }),
  );
  const sum = (key: string): number => suites.reduce((total, suite) => total + Number(suite[key] ?? 0), 0);
  return { dir, log: readFileSync(logPath, 'utf8'), tests: sum('tests'), failures: sum('failures'), errors: sum('errors'), cases };
}

/** "METHOD /path" of a scenario name. */
export function operationOf(scenario: string): string {
  return /^(\w+ \S+)/.exec(scenario)?.[1] ?? scenario;
}

/**
 * How many answers of each operation were success envelopes and how many failure envelopes, read from the log's
 * request/response blocks (a log block holds one exchange).
 */
export function envelopeCounts(log: string, basePath: string): Map<string, { success: number; failure: number }> {
  const counts = new Map<string, { success: number; failure: number }>();
  for (const block of log.split(/\n-{10,}\n/)) {
    const request = new RegExp(`^\\s+(GET|POST) ${basePath}(/[^?\\s]*)`, 'm').exec(block);
    const flag = /"success": ([01])/.exec(block);
    if (!request || !flag) continue;
    const key = `${request[1]} ${request[2]}`;
    const count = counts.get(key) ?? { success: 0, failure: 0 };
    count[flag[1] === '1' ? 'success' : 'failure'] += 1;
    counts.set(key, count);
  }
  return counts;
}
