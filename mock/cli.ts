import { parseArgs } from 'node:util';
import { FAULTS, startMock } from './index';
import { parseChoices } from './choices/choices';
import { parseVariant } from './variant';
import { parseRateLimit } from './rate-limit';
import { runExportDefaults } from './run-defaults';
import { TOKENS } from './tokens';
import { onStopSignal } from '../harness/core';

const USAGE = `usage: ems-conformance mock [options]   (stops on Ctrl+C, SIGINT, SIGTERM, SIGHUP or when its parent process ends: exit 0)
  --port N            port to listen on (default 4010; 0 = a free port)
  --host H            address to bind (default 127.0.0.1)
  --faults a,b        faults to switch on (also EMS_MOCK_FAULTS)
  --scale N           seed N times the default data set (default 1)
  --seed N            data seed (default 1)
  --clock-start T     start the mock clock at T (e.g. "2024-05-01 12:00:00")
  --clock-speed X     mock seconds per real second (default 1)
  --export-delay-ms MIN,MAX  how long an export job stays Pending, on the mock clock (default 60000,60000)
  --export-pending-polls N  at most N jobStatus answers say a job is Pending; the next one ends it (default 2)
  --export-file-lifetime-ms N  export files expire N ms after their job completed (default 3500, 6000 above scale 1)
                      (the defaults are the embedded mock's, mock/run-defaults.ts: a run sees the same target either way)
  --quirks            emit the real service's quirks ("" for absent values, private as 0/1)
  --variant V         default, or alt: the other reasonable reading at every silent point (also EMS_MOCK_VARIANT)
  --choice P=R        take reading R at silent point P over the variant's (repeatable; also EMS_MOCK_CHOICES="P=R,P=R";
                      points and readings: mock/README.md, "Silent points")
  --strict-methods    refuse POST on helper/ping and the exports (interface.md names GET alone): the choice
                      methods.post-on-get-operations=refused; default: every operation takes POST with a JSON body, as
                      the service does
  --no-cors           send no CORS headers and answer no preflight (default: any origin may call the mock)
  --rate-limit N/s    at most N requests a second (a token bucket; also N/m, N/h); beyond it HTTP 429 with
                      Retry-After in seconds (0: refuse all; also EMS_MOCK_RATE_LIMIT for the embedded mock)
  --list-faults       print the faults (name, rule, description) and exit
  --list-tokens       print the tokens and exit
  --help              print this help`;

const { values } = orUsage(() =>
  parseArgs({
    options: {
      port: { type: 'string', default: '4010' },
      host: { type: 'string', default: '127.0.0.1' },
      faults: { type: 'string' },
      scale: { type: 'string', default: '1' },
      seed: { type: 'string', default: '1' },
      'clock-start': { type: 'string' },
      'clock-speed': { type: 'string' },
      'export-delay-ms': { type: 'string' },
      'export-pending-polls': { type: 'string' },
      'export-file-lifetime-ms': { type: 'string' },
      quirks: { type: 'boolean', default: false },
      variant: { type: 'string' },
      choice: { type: 'string', multiple: true },
      'strict-methods': { type: 'boolean' },
      'no-cors': { type: 'boolean', default: false },
      'rate-limit': { type: 'string' },
      'list-faults': { type: 'boolean', default: false },
      'list-tokens': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  }),
);

if (values.help) {
  console.log(USAGE);
} else if (values['list-faults']) {
  console.log(FAULTS.map((fault) => `${fault.name}\t${fault.rule}\t${fault.description}`).join('\n'));
} else if (values['list-tokens']) {
  console.log(TOKENS.map((token) => `${token.name}\t${token.value}\t${token.kind}; permissions: ${[...token.permissions].join(', ')}`).join('\n'));
} else {
  const faultList = values.faults ?? process.env.EMS_MOCK_FAULTS ?? '';
  const mock = await startMock({
    port: integer('port', values.port),
    host: values.host,
    faults: faultList.split(',').map((name) => name.trim()).filter(Boolean),
    scale: integer('scale', values.scale),
    seed: integer('seed', values.seed),
    clock: {
      start: values['clock-start'],
      speed: values['clock-speed'] === undefined ? undefined : Number(values['clock-speed']),
    },
    quirks: values.quirks,
    variant: orUsage(() => parseVariant(values.variant ?? process.env.EMS_MOCK_VARIANT), '--'),
    choices: choicesOf(values.choice ?? [process.env.EMS_MOCK_CHOICES ?? '']),
    ...(values['strict-methods'] ? { strictMethods: true } : {}),
    cors: !values['no-cors'],
    ...(values['rate-limit'] === undefined ? {} : { rateLimitPerSecond: orUsage(() => parseRateLimit(values['rate-limit']!), '--') }),
    ...runExportDefaults(integer('scale', values.scale)),
    ...(values['export-delay-ms'] === undefined ? {} : { exportDelayMs: delayRange(values['export-delay-ms']) }),
    ...(values['export-pending-polls'] === undefined ? {} : { exportPendingPolls: integer('export-pending-polls', values['export-pending-polls']) }),
    ...(values['export-file-lifetime-ms'] === undefined ? {} : { exportFileLifetimeMs: integer('export-file-lifetime-ms', values['export-file-lifetime-ms']) }),
  }).catch((error: Error) => {
    console.error(`ems mock: ${error.message}`);
    process.exit(2);
  });
  // SIGINT, SIGTERM or SIGHUP, directly, through npm or to the process group (it may come twice), or the parent
  // process gone (npx's `sh -c` killed by a SIGTERM to npm): close the port once, then exit 0. A second Ctrl+C
  // a while later exits at once.
  onStopSignal(
    () => {
      mock.close().then(
        () => process.exit(0),
        (error: Error) => {
          console.error(`ems mock: ${error.message}`);
          process.exit(1);
        },
      );
    },
    () => process.exit(130),
  );
  // Listening is announced once a stop signal is listened to: a caller may send one as soon as it reads this.
  console.log(`EMS mock listening on ${mock.baseUrl}`);
  console.log(`  auth URL ${mock.authUrl}; full-permission token ${mock.tokens.full} (--list-tokens for all)`);
}

/** What `parse` reads, or its error in one line with the usage (exit 2); `prefix` before the message ("--" for a flag's value). */
function orUsage<T>(parse: () => T, prefix = 'ems mock: '): T {
  try {
    return parse();
  } catch (error) {
    console.error(`${prefix}${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
}

/** `--choice P=R` (repeatable) or EMS_MOCK_CHOICES as a point -> reading map; a malformed one is a one-line error (exit 2). */
function choicesOf(texts: string[]): Record<string, string> {
  try {
    return parseChoices(texts);
  } catch (error) {
    console.error(`ems mock: --choice: ${(error as Error).message}`);
    process.exit(2);
  }
}

function integer(name: string, text: string | undefined): number {
  const value = Number(text);
  if (!Number.isInteger(value)) {
    console.error(`--${name} must be an integer, got "${text}"\n\n${USAGE}`);
    process.exit(2);
  }
  return value;
}

/** MIN,MAX (or one number for both) in ms; the mock's options check the range. */
function delayRange(text: string): [number, number] {
  const [min, max = min, ...rest] = text.split(',');
  if (rest.length > 0) {
    console.error(`--export-delay-ms must be MIN,MAX, got "${text}"\n\n${USAGE}`);
    process.exit(2);
  }
  return [integer('export-delay-ms', min), integer('export-delay-ms', max)];
}
