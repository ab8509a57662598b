import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { harnessErrorOf, oneLine } from '../core';
import type { ConformanceReport } from '../types';
import { loadReportCatalogue, type ReportCatalogue } from './catalogue';
import { renderHtml } from './html/page';
import { renderJunit } from './junit';
import { COMMAND_DIR, longCommandFiles } from './long-commands';

export { renderSummary } from './summary';

export interface WrittenReports {
  json: string;
  html: string;
  junit: string;
}

/**
 * Writes every report file of a run into outDir: conformance.json, conformance.html and junit.xml, and the
 * repro commands too long for the page in repro/ (harness/report/long-commands.ts).
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
  // A renderer that throws is a harness error: the JSON says so (and the run exits 4); the other files are still written.
  const harnessErrors = [...(report.harnessErrors ?? [])];
  const rendered = (where: string, render: () => string): string | undefined => {
    try {
      return render();
    } catch (error) {
      harnessErrors.push({ where, ...harnessErrorOf(error) });
      console.error(`conformance reporter: harness error rendering ${where}: ${oneLine(error)}`);
      return undefined;
    }
  };
  const html = rendered(files.html, () => renderHtml(report, catalogue));
  const junit = rendered(files.junit, () => renderJunit(report, catalogue.areas));
  const json = harnessErrors.length > 0 ? { ...report, harnessErrors } : report;
  await writeWhole(files.json, JSON.stringify(json, null, 2) + '\n');
  // A file left from an earlier run must not pass for this run's.
  await (html === undefined ? rm(files.html, { force: true }) : writeWhole(files.html, html));
  await (junit === undefined ? rm(files.junit, { force: true }) : writeWhole(files.junit, junit));
  // The commands too long for the page, beside it (the page and junit.xml link them); none left from an earlier run.
  await rm(join(outDir, COMMAND_DIR), { recursive: true, force: true });
  const commands = longCommandFiles(report);
  if (commands.size > 0) await mkdir(join(outDir, COMMAND_DIR), { recursive: true });
  for (const [file, text] of commands) await writeFile(join(outDir, file), text, { mode: 0o755 });
  return files;
}

/**
 * Writes a report file whole: to a temporary name beside it, then renamed into place, so that a reader (a CI
 * step, a script waiting for the run's report) never sees a report half written, nor an empty one.
 */
async function writeWhole(file: string, text: string): Promise<void> {
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, text);
  await rename(partial, file);
}
