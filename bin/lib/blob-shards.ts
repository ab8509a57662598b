import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { unzipSync } from 'fflate';
import { ConfigError } from '../../harness/core';

/** One blob report a shard wrote (Playwright's blob reporter: a zip holding report.jsonl). */
export interface ShardBlob {
  file: string;
  /** Which part of how many; absent: a blob of an unsharded run. */
  shard?: { current: number; total: number };
  /** How the shard's Playwright run ended (its onEnd result): anything but `passed` made that run exit 1. */
  status: string;
}

/** Every blob report (*.zip) under a folder, at any depth: a shard writes into blob-report/shard-I-of-N/. */
export function findBlobs(dir: string): ShardBlob[] {
  let names: string[];
  try {
    names = readdirSync(dir, { recursive: true, encoding: 'utf8' });
  } catch {
    throw new ConfigError(`no blob report folder ${dir}: run the shards first (npm run conformance -- --shard I/N), or name the folder their blob-report/ folders were gathered in`);
  }
  const zips = names.filter((name) => name.endsWith('.zip')).map((name) => join(dir, name)).filter((file) => statSync(file).isFile()).sort();
  if (zips.length === 0) throw new ConfigError(`no blob report (*.zip) under ${dir}: run the shards first (npm run conformance -- --shard I/N)`);
  return zips.map((file) => ({ file, ...blobFacts(file) }));
}

/** The shard a blob report says it is (its first event, onBlobReportMetadata) and how its run ended (its onEnd). */
function blobFacts(file: string): Omit<ShardBlob, 'file'> {
  let jsonl: Uint8Array | undefined;
  try {
    jsonl = unzipSync(readFileSync(file), { filter: (entry) => entry.name === 'report.jsonl' })['report.jsonl'];
  } catch {
    jsonl = undefined;
  }
  const lines = jsonl ? Buffer.from(jsonl).toString('utf8').trim().split('\n') : [];
  const metadata = blobEvent(lines[0]);
  if (metadata?.method !== 'onBlobReportMetadata') throw new ConfigError(`${file} is not a Playwright blob report (no report.jsonl metadata)`);
  const end = blobEvent(lines.at(-1));
  const status = end?.method === 'onEnd' ? String(end.params?.result?.status ?? 'failed') : 'interrupted';
  const shard = metadata.params?.shard;
  return { status, ...(typeof shard?.current === 'number' && typeof shard.total === 'number' ? { shard: { current: shard.current, total: shard.total } } : {}) };
}

interface BlobEvent {
  method?: string;
  params?: { shard?: { current?: unknown; total?: unknown }; result?: { status?: unknown } };
}

function blobEvent(line: string | undefined): BlobEvent | undefined {
  try {
    return line ? (JSON.parse(line) as BlobEvent) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Refuses a set of blobs that is not exactly one run's shards 1..N once each: a merge of part of
 * the shards would leave the missing shards' rules unjudged and still look like a whole run.
 */
export function checkShardSet(blobs: readonly ShardBlob[], dir: string): void {
  const named = (blob: ShardBlob) => `${relative(dir, blob.file)}${blob.shard ? ` (${blob.shard.current}/${blob.shard.total})` : ' (unsharded)'}`;
  const totals = new Set(blobs.map((blob) => blob.shard?.total ?? 0));
  if (totals.size > 1 || totals.has(0) && blobs.length > 1) {
    throw new ConfigError(`the blobs under ${dir} come from different runs: ${blobs.map(named).join(', ')}; keep one run's shards`);
  }
  const total = blobs[0]?.shard?.total ?? 1;
  for (let current = 1; current <= total && blobs[0]?.shard; current += 1) {
    const found = blobs.filter((blob) => blob.shard?.current === current);
    if (found.length === 0) throw new ConfigError(`shard ${current}/${total} is missing under ${dir} (found ${blobs.map(named).join(', ')}): its rules would go unjudged`);
    if (found.length > 1) throw new ConfigError(`shard ${current}/${total} is there twice under ${dir}: ${found.map(named).join(', ')}; keep one`);
  }
}
