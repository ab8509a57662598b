/**
 * `npm run bench:mock`: the reference mock's throughput and latency. For each scale it starts the mock
 * in its own process (pinned to one CPU when taskset allows), loads it from this process over loopback
 * with a bounded request count and time, and prints one table: requests/s under concurrent load, p50/p99
 * of requests sent one at a time, for groups/search and emails/search (defaults) and a 1000-row import;
 * then how search latency grows with the data and whether the aims hold.
 * Usage: npm run bench:mock -- [--scales 1,10,50 | --scale N] [--duration-ms 2000] [--max-requests 20000]
 *        [--concurrency 16] [--imports 40] [--cpu-prof DIR] [--json]
 */
import { parseArgs } from 'node:util';
import { seed } from './data/seed';
import { percentile, runLoad, type LoadOptions, type LoadResult } from './bench/load';
import { importScenario, searchScenarios, staticGroupID, type Scenario } from './bench/scenarios';
import { startBenchServer, type BenchServer } from './bench/server';
import { renderTable } from './bench/table';

const AIMS = { searchesPerSecond: 3000, importP50Ms: 50, growthExponent: 1 };

interface Measurement {
  scale: number;
  contacts: number;
  emails: number;
  seedMs: number;
  operation: string;
  /** Under concurrent load (searches only): wall-clock rate, and requests per CPU-second of the mock process. */
  throughput?: { requests: number; perSecond: number; perCpuSecond?: number; failures: number };
  /** One request at a time: wall-clock percentiles, and the mock's CPU time per request. */
  latency: { requests: number; p50: number; p99: number; cpuMs?: number; failures: number };
}

const { values } = parseArgs({
  options: {
    scales: { type: 'string', default: '1,10,50' },
    scale: { type: 'string' },
    'duration-ms': { type: 'string', default: '2000' },
    'max-requests': { type: 'string', default: '20000' },
    concurrency: { type: 'string', default: '16' },
    imports: { type: 'string', default: '40' },
    'cpu-prof': { type: 'string' },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  console.log('usage: npm run bench:mock -- [--scales 1,10,50 | --scale N] [--duration-ms 2000] [--max-requests 20000] [--concurrency 16] [--imports 40] [--cpu-prof DIR] [--json]');
  process.exit(0);
}

const scales = (values.scale ?? values.scales).split(',').map((text) => positive('scale', text));
const durationMs = positive('duration-ms', values['duration-ms']);
const maxRequests = positive('max-requests', values['max-requests']);
const concurrency = positive('concurrency', values.concurrency);
const imports = positive('imports', values.imports);

const measurements: Measurement[] = [];
let pinnedCpu: number | undefined;
for (const scale of scales) measurements.push(...(await benchScale(scale)));

if (values.json) console.log(JSON.stringify({ aims: AIMS, pinnedCpu, measurements }, null, 2));
else console.log(report(measurements));

async function benchScale(scale: number): Promise<Measurement[]> {
  const seeding = performance.now();
  const data = seed({ seed: 1, scale, now: Date.now() });
  const seedMs = performance.now() - seeding;
  const size = { scale, contacts: data.contacts.length, emails: data.emails.length, seedMs };
  const server = await startBenchServer({ scale, ...(values['cpu-prof'] ? { cpuProfDir: values['cpu-prof'] } : {}) });
  pinnedCpu = server.cpu;
  try {
    const results: Measurement[] = [];
    const measure = (scenario: Scenario, inFlight: number, requests: number, ms: number, warmup: number) =>
      measureOn(server, scenario, { concurrency: inFlight, maxRequests: requests, maxMs: ms, warmup, warmupMs: durationMs });
    for (const scenario of searchScenarios(server.baseUrl)) {
      const loaded = await measure(scenario, concurrency, maxRequests, durationMs, 5000);
      const alone = await measure(scenario, 1, maxRequests, durationMs / 2, 200);
      results.push({ ...size, operation: scenario.name, throughput: rate(loaded), latency: latencyOf(alone) });
    }
    const importing = importScenario(server.baseUrl, await staticGroupID(server.baseUrl));
    results.push({ ...size, operation: importing.name, latency: latencyOf(await measure(importing, 1, imports, durationMs * 2, 10)) });
    return results;
  } finally {
    await server.stop();
  }
}

interface Measured {
  result: LoadResult;
  /** CPU time the mock spent on the measured requests. */
  cpuMs?: number;
}

async function measureOn(server: BenchServer, scenario: Scenario, options: Omit<LoadOptions, 'onStart'>): Promise<Measured> {
  let before: number | undefined;
  const result = await runLoad((index) => scenario.request(index), { ...options, onStart: () => (before = server.cpuMs()) });
  const after = server.cpuMs();
  return { result, ...(before === undefined || after === undefined ? {} : { cpuMs: after - before }) };
}

function rate({ result, cpuMs }: Measured): NonNullable<Measurement['throughput']> {
  return {
    requests: result.requests,
    perSecond: (result.requests * 1000) / result.elapsedMs,
    ...(cpuMs ? { perCpuSecond: (result.requests * 1000) / cpuMs } : {}),
    failures: result.failures,
  };
}

function latencyOf({ result, cpuMs }: Measured): Measurement['latency'] {
  const { latencies, requests, failures } = result;
  return { requests, p50: percentile(latencies, 50), p99: percentile(latencies, 99), ...(cpuMs === undefined ? {} : { cpuMs: cpuMs / requests }), failures };
}

function report(rows: Measurement[]): string {
  const header = ['scale', 'contacts', 'emails', 'seed ms', 'operation', `req/s c=${concurrency}`, 'req/CPU-s', 'p50 ms c=1', 'p99 ms c=1', 'CPU ms/req', 'requests', 'failed'];
  const table = renderTable([
    header,
    ...rows.map((row) => [
      row.scale,
      row.contacts,
      row.emails,
      Math.round(row.seedMs),
      row.operation,
      row.throughput ? Math.round(row.throughput.perSecond) : Number.NaN,
      row.throughput?.perCpuSecond === undefined ? Number.NaN : Math.round(row.throughput.perCpuSecond),
      row.latency.p50,
      row.latency.p99,
      cpuPerRequest(row) ?? Number.NaN,
      (row.throughput?.requests ?? 0) + row.latency.requests,
      (row.throughput?.failures ?? 0) + row.latency.failures,
    ]),
  ]);
  const where = `mock process ${pinnedCpu === undefined ? 'not pinned' : `pinned to CPU ${pinnedCpu}`}; load from this process over loopback`;
  const notes = [
    'req/s: wall clock under concurrent load; req/CPU-s: requests per second of the mock process\'s CPU time (what one core',
    'sustains, unaffected by other load on the machine); p50/p99: wall clock, one request at a time; CPU ms/req: the mock\'s',
    'CPU time per request (searches: under load; import: one at a time).',
  ];
  return [`mock benchmark (${where})`, table, ...notes, '', growth(rows), '', aims(rows)].join('\n');
}

/** The mock's CPU per request: the loaded run for searches (more requests), the sequential one for imports. */
function cpuPerRequest(row: Measurement): number | undefined {
  if (row.throughput?.perCpuSecond) return 1000 / row.throughput.perCpuSecond;
  return row.latency.cpuMs;
}

/** Search cost at each scale against the smallest: the exponent k of cost ~ size^k (1 = linear). */
function growth(rows: Measurement[]): string {
  const lines = ['search cost growth vs the smallest scale (k: exponent of cost ~ data^k; 1 = linear):'];
  for (const operation of searchOperations(rows)) {
    const series = rows.filter((row) => row.operation === operation);
    const base = series[0];
    if (!base || series.length < 2) continue;
    const parts = series.slice(1).map((row) => {
      const dataRatio = row.scale / base.scale;
      const wall = row.latency.p50 / base.latency.p50;
      const cpu = ratio(cpuPerRequest(row), cpuPerRequest(base));
      const cpuText = cpu === undefined ? '' : `, CPU/req x${cpu.toFixed(1)} (k=${exponent(cpu, dataRatio).toFixed(2)})`;
      return `x${dataRatio} data: p50 x${wall.toFixed(1)} (k=${exponent(wall, dataRatio).toFixed(2)})${cpuText}`;
    });
    lines.push(`  ${operation.padEnd(14)} ${parts.join('; ')}`);
  }
  return lines.join('\n');
}

function searchOperations(rows: Measurement[]): string[] {
  return [...new Set(rows.filter((row) => row.throughput).map((row) => row.operation))];
}

function ratio(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined || b === undefined || b === 0 ? undefined : a / b;
}

function exponent(costRatio: number, dataRatio: number): number {
  return Math.log(Math.max(costRatio, 1e-9)) / Math.log(dataRatio);
}

/** The aims, judged on the mock's CPU time where it is known (robust to other load), else on the wall clock. */
function aims(rows: Measurement[]): string {
  const verdict = (ok: boolean) => (ok ? 'met   ' : 'MISSED');
  const smallest = Math.min(...rows.map((row) => row.scale));
  const lines = ['aims:'];
  for (const row of rows.filter((candidate) => candidate.scale === smallest && candidate.throughput)) {
    const wall = row.throughput?.perSecond ?? 0;
    const perCore = row.throughput?.perCpuSecond ?? wall;
    lines.push(`  ${verdict(perCore >= AIMS.searchesPerSecond)} ${row.operation} at scale ${row.scale}: ${Math.round(perCore)} req per CPU-second (${Math.round(wall)} req/s wall; aim >= ${AIMS.searchesPerSecond} on one core)`);
  }
  for (const row of rows.filter((candidate) => !candidate.throughput)) {
    const cost = row.latency.cpuMs;
    const ok = (cost ?? row.latency.p50) < AIMS.importP50Ms;
    lines.push(`  ${verdict(ok)} ${row.operation} at scale ${row.scale}: p50 ${row.latency.p50.toFixed(1)} ms wall${cost === undefined ? '' : `, ${cost.toFixed(1)} ms CPU`} (aim < ${AIMS.importP50Ms} ms)`);
  }
  for (const operation of searchOperations(rows)) {
    const series = rows.filter((row) => row.operation === operation);
    const base = series[0];
    const last = series[series.length - 1];
    if (!base || !last || last === base) continue;
    const costRatio = ratio(cpuPerRequest(last), cpuPerRequest(base)) ?? last.latency.p50 / base.latency.p50;
    const k = exponent(costRatio, last.scale / base.scale);
    lines.push(`  ${verdict(k <= AIMS.growthExponent + 0.1)} ${operation} cost growth scale ${base.scale} -> ${last.scale}: k=${k.toFixed(2)} (aim <= ${AIMS.growthExponent}, linear)`);
  }
  return lines.join('\n');
}

function positive(name: string, text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`--${name} must be a positive integer, got "${text}"`);
    process.exit(2);
  }
  return value;
}
