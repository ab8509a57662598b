import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ConformanceReport } from '../types';
import { loadReportCatalogue, type ReportCatalogue } from './catalogue';
import { renderHtml } from './html/page';
import { renderJunit } from './junit';

export { renderSummary } from './summary';

export interface WrittenReports {
  json: string;
  html: string;
  junit: string;
}

/**
 * Writes every report file of a run into outDir: conformance.json, conformance.html and junit.xml.
 * The harness reporter calls this once at the end of a run (and after a shard merge); `npm run report`
 * calls it to re-render an existing conformance.json.
 */
export async function writeReportFiles(
  report: ConformanceReport,
  outDir: string,
  catalogue: ReportCatalogue = loadReportCatalogue(),
): Promise<WrittenReports> {
  await mkdir(outDir, { recursive: true });
  const files = {
    json: join(outDir, 'conformance.json'),
    html: join(outDir, 'conformance.html'),
    junit: join(outDir, 'junit.xml'),
  };
  await writeFile(files.json, JSON.stringify(report, null, 2) + '\n');
  await writeFile(files.html, renderHtml(report, catalogue));
  await writeFile(files.junit, renderJunit(report, catalogue.areas));
  return files;
}
