/**
 * A recording of a given size, written and read the way the proxy and `run --har` do, in one process whose
 * memory the caller bounds (`node --max-old-space-size=64 --import tsx selftest/traffic/bounded-recording.ts DIR MB`):
 * each exchange (a groups/search answer of about 100 kB, a token in every request) is appended to a journal as the
 * proxy does, the journal is written out as a HAR, and the HAR is read back twice by the loader of `run --har`
 * (tokens, base URL, then the traffic file). None of it may hold the recording whole: a recording several times
 * the heap's size fails here with an out-of-memory error unless every step streams. Prints one JSON line:
 * the exchanges written, the entries read back, the sizes and the largest heap seen.
 * Also the tool of the 1 GB figure in README (`... DIR 1024`, then `run --har DIR/recording.har`).
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { loadProfile } from '../../harness/contract';
import { HarEntries, Journal, journalPathOf, loadTraffic, readRecording, writeHarFromJournal } from '../../harness/exchanges';

const [dir, megabytes] = [process.argv[2], Number(process.argv[3])];
if (!dir || !(megabytes > 0)) throw new Error('usage: bounded-recording.ts DIR MEGABYTES');
const BASE = 'http://ems.test/v1';
const TOKEN = 'B0A7D1E2-3F40-4A51-9C62-7D8E9FA0B1C2';
const profile = loadProfile('service');
let peakHeap = 0;
const watch = () => (peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed));

/** One groups/search answer of 250 records, about 100 kB: the page the exchange number `index` got. */
function answer(index: number): string {
  const records = Array.from({ length: 250 }, (_, item) => ({
    groupID: index * 250 + item + 1,
    groupName: `group ${index}-${item} ${'x'.repeat(180)}`,
    status: 'Active',
    friendlyName: `friendly ${item}`,
    description: `a group of the recording's page ${index}`,
    private: 0,
    userID: 1,
    autoResponseEmailID: 0,
    dateAdded: '2026-01-01 00:00:00',
    dateModified: '2026-01-02 00:00:00',
    dateLastEmailSent: '',
    totalMembers: item,
    activeMembers: item,
    type: 'Static',
  }));
  return JSON.stringify({ success: 1, code: 0, errors: [], data: { page: index + 1, rpp: 250, totalRecords: 1_000_000, records }, requestID: `r${index}` });
}

const harFile = join(dir, 'recording.har');
const journal = new Journal(journalPathOf(harFile));
const entries = new HarEntries(profile, { full: TOKEN });
let written = 0;
const started = Date.parse('2026-01-01T00:00:00Z');
while (statSync(journal.path).size < megabytes * 1024 * 1024) {
  journal.append(
    entries.entry({
      method: 'GET',
      url: `${BASE}/groups/search?rpp=250&page=${written + 1}`,
      headers: { authorization: `Bearer ${TOKEN}` },
      status: 200,
      contentType: 'application/json',
      responseHeaders: { 'content-type': 'application/json', date: new Date(started + written * 1000).toUTCString() },
      responseBody: answer(written),
      startedAt: started + written * 1000,
      durationMs: 5,
    }),
  );
  written++;
  if (written % 50 === 0) watch();
}
journal.close();
const harEntries = writeHarFromJournal(journal.path, harFile);
watch();
let read = 0;
let tokenSeen = false;
readRecording(harFile, Number.MAX_SAFE_INTEGER, (raw) => {
  read++;
  tokenSeen ||= JSON.stringify(raw).includes(TOKEN);
  if (read % 50 === 0) watch();
});
const loaded = loadTraffic({ files: [harFile], profile, tokens: {}, maxHarBytes: Number.MAX_SAFE_INTEGER, maxBodyBytes: 16 * 1024 * 1024, out: join(dir, 'traffic.ndjson') });
watch();
console.log(
  JSON.stringify({
    written,
    harEntries,
    read,
    loaded: loaded.exchanges,
    tokenSeen,
    journalBytes: statSync(journal.path).size,
    harBytes: statSync(harFile).size,
    trafficBytes: statSync(loaded.path).size,
    peakHeapBytes: peakHeap,
  }),
);
