/** The export file rules on recorded downloads (checks/shared/judges issuedDownloads): the file, its format, its rows. */
import type { TrafficContext, Judgement } from '../../harness/check';
import { readDatetime } from '../../harness/oracles';
import { judgeDownloads, type IssuedDownload } from '../shared/judges';
import { fileFetched } from './export-with-records';
import { dataRows, expectedEntryName, readStrictly, unpackExport, jobText } from '../../harness/model';
import { fetchOfExchange, surelyBefore, targetClock } from './file-lifetime';

/**
 * A download answered surely before its file's fileExpiration (a later one may be refused: the file is available
 * until then), on the target's clock as the answer's Date header tells it, else within a tolerance of ours
 * (file-lifetime.ts). A job without a readable fileExpiration has its downloads judged (job.file-key judges that).
 */
function beforeExpiration(ctx: TrafficContext, { download, completed }: IssuedDownload): boolean {
  const expiration = jobText(completed, ctx.target.profile.pointers.job.fileExpiration);
  const until = expiration === undefined ? undefined : readDatetime(expiration, ctx.target.profile.datetime.format);
  if (until === undefined) return true;
  const fetch = fetchOfExchange(download, 'the first download');
  return surelyBefore(fetch, targetClock([fetch]), until.getTime());
}

/**
 * getFile.file: the first getFile of an issued fileKey, before its expiration, returns the file (whether
 * the file can be fetched again until then is getFile.availability's business).
 */
export function judgeFileReturned(ctx: TrafficContext): Judgement {
  const fetched = new Set<string>();
  return judgeDownloads(ctx, 'no getFile of a fileKey a Completed job issued', (issued, tally) => {
    if (fetched.has(issued.fileKey)) return;
    fetched.add(issued.fileKey);
    if (!beforeExpiration(ctx, issued)) return tally.skip('downloads came when the file may have expired');
    const { download, fileKey } = issued;
    tally.expect(fileFetched(download), {
      title: `getFile with the fileKey ${fileKey} of a Completed job returns the export file`,
      expected: 'a success carrying a non-empty file', actual: { outcome: download.outcome, bytes: download.file?.length ?? 0, errors: download.errors }, response: download,
    });
  });
}

/** getFile.format: every file fetched is in the profile's export format. */
export const judgeFileFormat = (ctx: TrafficContext): Judgement =>
  judgeDownloads(ctx, 'no export file fetched', ({ download, fileKey }, tally) => {
    if (!fileFetched(download) || !download.file) return;
    const format = ctx.target.profile.exportFile;
    const unpacked = unpackExport(download.file, fileKey, format);
    const problems = [...unpacked.problems, ...(unpacked.text === undefined ? [] : readStrictly(unpacked.text, format).problems)];
    tally.expect(problems.length === 0 && unpacked.text !== undefined, {
      title: `the export file of ${fileKey} is in the ${ctx.target.profile.name} profile's format`,
      expected: { container: format.container, entry: format.container === 'none' ? undefined : expectedEntryName(format, fileKey), delimiter: format.delimiter, lineEnding: format.lineEnding, quoted: format.quoted, header: format.header },
      actual: { problems, entries: unpacked.entries, start: unpacked.text?.slice(0, 300) }, response: download,
    });
  });

/** getFile.rows: every file fetched holds as many data rows as its job's totalRecords. */
export const judgeFileRows = (ctx: TrafficContext): Judgement =>
  judgeDownloads(ctx, 'no export file fetched whose job reported totalRecords', ({ download, fileKey, totalRecords }, tally) => {
    if (!fileFetched(download) || !download.file || totalRecords === undefined) return;
    const text = unpackExport(download.file, fileKey, ctx.target.profile.exportFile).text;
    if (text === undefined) return tally.skip('a file could not be read');
    const rows = dataRows(text, ctx.target.profile.exportFile);
    tally.expect(rows === totalRecords, { title: `the file of ${fileKey} holds as many data rows as its job's totalRecords`, expected: totalRecords, actual: rows, response: download });
  });
