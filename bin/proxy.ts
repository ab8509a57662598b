/**
 * `ems-conformance proxy --target URL [--port N]`: a local recording proxy. Point an application or a test
 * suite at it: it forwards every request unchanged to the target and records the exchanges, each appended to a
 * journal beside the HAR once answered (tokens redacted), so that a proxy killed without warning leaves them on
 * disk. On Ctrl+C (SIGINT), SIGTERM, or a GET of /__ems/report on its port, it writes the HAR from the journal
 * (at a stop, the requests in flight as unfinished) and judges that HAR exactly as `ems-conformance run --har FILE` does (it runs that command), so its
 * reports are the offline judgement of its own recording. It sends no request of its own.
 */
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ConfigError, oneLine, readSettings, reportDir, tokensOfEnv } from '../harness/core';
import { DEFAULT_MAX_HAR_BYTES, HarEntries, Journal, journalPathOf, REPORT_PATH, startProxy, writeHarFromJournal } from '../harness/exchanges';
import { killChildren, runChild } from './lib/child';
import { ownCliCommand } from './lib/commands';
import { parseFlags, positiveInteger, runMain, UsageError } from './lib/cli';
import { childEnv } from './lib/env';
import { onStopSignal, stopCauseText } from '../harness/core';

const USAGE = `usage: ems-conformance proxy --target URL [--port N] [--host H] [--har-out FILE] [--max-har-bytes N] [--profile P] [--base-url URL] [--auth-url URL] [--workers N]
  Forwards every request to --target (an origin, optionally with a path prefix) unchanged and records the exchanges.
  Each exchange, once answered, is appended to the journal FILE.journal.ndjson (tokens replaced by token#1, ...):
  a proxy killed without warning leaves it, and \`ems-conformance run --har FILE\` judges it.
  Stops on Ctrl+C, SIGINT, SIGTERM, SIGHUP or when its parent process ends (requests in flight are recorded as
  unfinished); GET http://HOST:PORT${REPORT_PATH} reports without stopping. Either writes the HAR from the journal
  (--har-out, default <reports>/proxy.har; with EMS_TOKEN, ... in its environment each request names the role of the
  run's token it carried) and judges it as \`ems-conformance run --har FILE\` (reports in EMS_REPORT_DIR, default
  ./reports); --max-har-bytes (EMS_MAX_HAR_BYTES) is handed to that judgement, raised to the HAR's size when smaller.
  --base-url selects the API's exchanges in the judgement (default: inferred). Default port 8181.
Exit (when stopped): the judgement's exit code: 0 no failing rule, 1 failing rules, 2 nothing to judge or a bad
  invocation, 3 partial, 4 harness error; 130 when a second signal gives up the judgement. Through npx, npm may
  answer for it (143 or 130): README, "Stopping it".`;

async function main(): Promise<number> {
  const { values } = parseFlags(
    process.argv.slice(2),
    {
      target: { type: 'string' },
      port: { type: 'string', default: '8181' },
      host: { type: 'string', default: '127.0.0.1' },
      'har-out': { type: 'string' },
      'max-har-bytes': { type: 'string' },
      profile: { type: 'string' },
      'base-url': { type: 'string' },
      'auth-url': { type: 'string' },
      workers: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    { target: 'URL', port: 'N', host: 'H', 'har-out': 'FILE', 'max-har-bytes': 'N', profile: 'P', 'base-url': 'URL', 'auth-url': 'URL', workers: 'N' },
  );
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (!values.target) throw new UsageError('--target URL is required: the API the proxy forwards to, e.g. --target https://staging.example.net');
  const target = checkedUrl(values.target);
  const port = values.port === '0' ? 0 : positiveInteger('--port', values.port);
  const profile = readSettings({ EMS_PROFILE: values.profile }).profile;
  const harFile = resolve(values['har-out'] ?? `${reportDir(process.env)}/proxy.har`);
  mkdirSync(dirname(harFile), { recursive: true });

  const maxHarText = values['max-har-bytes'] ?? process.env.EMS_MAX_HAR_BYTES;
  const maxHarBytes = maxHarText ? positiveInteger('--max-har-bytes', maxHarText) : DEFAULT_MAX_HAR_BYTES;

  // Every exchange is on disk once answered: one line of the journal, tokens already redacted.
  const journal = new Journal(journalPathOf(harFile));
  if (journal.movedAside) console.error(`proxy: an earlier proxy's journal (it did not finish its HAR) was moved to ${journal.movedAside}; judge it with run --har ${journal.movedAside}`);
  const entries = new HarEntries(profile, tokensOfEnv(process.env));
  let judging = Promise.resolve({ exit: 0 });
  const report = (final = false) => {
    judging = judging.then(() => judge(harFile, journal, final, maxHarBytes, values));
    return judging;
  };
  let downSince: number | undefined;
  const started = startProxy({
    target,
    port,
    host: values.host,
    onReport: () => report(),
    onExchange(exchange) {
      try {
        journal.append(entries.entry(exchange));
      } catch (error) {
        // The client still gets its answer; the recording says it lacks this exchange, every time.
        console.error(`proxy: ${exchange.method} ${exchange.url.replace(/\?.*$/, '')} could not be written to the journal ${journal.path}: ${oneLine(error)}`);
      }
      const down = exchange.error?.reason === 'unreachable';
      if (down && downSince === undefined) console.error(`proxy: the target ${target} does not answer (${exchange.error?.detail}): clients get 502; recorded as transport failures`);
      downSince = down ? (downSince ?? Date.now()) : undefined;
    },
  });
  const proxy = await started.catch((error: unknown) => {
    // Nothing was recorded (the port was taken, say): no journal is left behind.
    journal.close();
    rmSync(journal.path, { force: true });
    throw error;
  });
  console.log(`proxy: ${proxy.url} -> ${target}; recording to ${harFile}; GET ${proxy.url}${REPORT_PATH} or Ctrl+C writes the HAR and the reports`);

  // Stopped by a signal (directly, through npm, or to the process group) or by its parent's end: free the port,
  // write the HAR, judge it and exit with the judgement's code. A second Ctrl+C while judging gives up (exit 130).
  return new Promise((done) => {
    onStopSignal(
      (cause) => {
        const inFlight = proxy.inFlight();
        console.log(`proxy: ${stopCauseText(cause)}: stopping${inFlight > 0 ? ` (${inFlight} request(s) in flight recorded as unfinished)` : ''}; writing the HAR and judging it`);
        void proxy
          .close()
          .then(() => report(true))
          .then(
            (result) => done(result.exit),
            (error: unknown) => {
              // The HAR could not be written (a full disk, say): the journal stays, whole, for run --har.
              console.error(`proxy: the HAR ${harFile} could not be written: ${oneLine(error)}; the recording stays in ${journal.path} (judge it with run --har ${harFile})`);
              done(4);
            },
          );
      },
      () => {
        killChildren();
        process.exit(130);
      },
    );
  });
}

/**
 * Writes the HAR from the journal (through a temporary file, entry by entry) and judges it with `run --har`; its
 * exit code and report folder. At the final stop the journal is closed and removed once the HAR holds it all.
 * The judgement reads that HAR as named (never the journal) with a size limit no smaller than the HAR: the proxy
 * never refuses its own recording.
 */
async function judge(harFile: string, journal: Journal, final: boolean, maxHarBytes: number, values: Record<string, unknown>) {
  if (final) journal.close();
  const exchanges = writeHarFromJournal(journal.path, harFile);
  if (final) rmSync(journal.path, { force: true });
  const size = existsSync(harFile) ? statSync(harFile).size : 0;
  if (size > maxHarBytes) console.log(`proxy: the HAR is ${size} bytes, over --max-har-bytes ${maxHarBytes}: its own judgement reads it all`);
  const args = ['run', '--har', harFile, '--max-har-bytes', String(Math.max(size, maxHarBytes))];
  for (const flag of ['profile', 'base-url', 'auth-url', 'workers']) if (typeof values[flag] === 'string') args.push(`--${flag}`, values[flag] as string);
  const env = childEnv({ EMS_REPORT_DIR: reportDir(process.env), EMS_TEST_RESULTS_DIR: process.env.EMS_TEST_RESULTS_DIR, CI: process.env.CI, EMS_HAR_AS_NAMED: '1' });
  const finished = await runChild(...ownCliCommand(args), { cwd: process.cwd(), env, output: 'pipe', onLine: (line) => console.log(line) });
  if (finished.stderr.trim()) process.stderr.write(finished.stderr);
  const error = finished.code === 2 ? { error: finished.stderr.trim().split('\n').pop() ?? '' } : {};
  return { har: harFile, exchanges, exit: finished.code ?? 1, reports: reportDir(process.env), ...error };
}

function checkedUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError(`--target ${text} is not a URL: give an http(s) URL such as https://staging.example.net`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`--target ${text} is not an http(s) URL`);
  if (url.search || url.hash) throw new ConfigError(`--target ${text} must not carry a query or fragment`);
  return url.href.replace(/\/+$/, '');
}

runMain('proxy', main);
