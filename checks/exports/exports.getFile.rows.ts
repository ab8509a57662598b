import { defineCheck } from '../../harness/core';
import { exportWithRecords, fetchedFile } from './export-with-records';
import { dataRows, unpackExport } from './export-file';
import { judgeFileRows } from './traffic-downloads';

export default defineCheck({
  rule: 'exports.getFile.rows',
  title: "the export file holds as many data rows as the job's totalRecords",
  async run({ judge, target, observe }) {
    const fetched = fetchedFile(judge, await observe(exportWithRecords));
    if (!fetched) return;
    const { job, file, fileKey, download } = fetched;
    const format = target.profile.exportFile;
    const unpacked = unpackExport(file, fileKey, format);
    if (unpacked.text === undefined) {
      judge.inconclusive(`the file's rows could not be read: ${unpacked.problems.join('; ')}`);
    } else if (job.totalRecords === undefined) {
      judge.inconclusive('the Completed job reports no totalRecords to compare the rows with');
    } else {
      const rows = dataRows(unpacked.text, format);
      judge.check(rows === job.totalRecords, {
        title: `the file holds as many data rows as the job's totalRecords`,
        expected: job.totalRecords,
        actual: rows,
        response: download,
      });
    }
  },
  judge: (ctx) => judgeFileRows(ctx),
});
