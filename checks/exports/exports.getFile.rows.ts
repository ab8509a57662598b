import { defineCheck } from '../../harness/check';
import { exportWithRecords } from './export-with-records';
import { judgeFileRows } from './download-judges';

export default defineCheck({
  rule: 'exports.getFile.rows',
  title: "the export file holds as many data rows as the job's totalRecords",
  // A job with records polled to its end, and getFile with its fileKey.
  async drive({ observe }) {
    await observe(exportWithRecords);
  },
  judge: (ctx) => judgeFileRows(ctx),
});
