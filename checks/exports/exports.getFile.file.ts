import { defineCheck } from '../../harness/check';
import { exportWithRecords } from './export-with-records';
import { judgeFileReturned } from './download-judges';

export default defineCheck({
  rule: 'exports.getFile.file',
  title: 'getFile with the fileKey of a completed job returns the export file',
  // A job with records polled to its end, and getFile with its fileKey.
  async drive({ observe }) {
    await observe(exportWithRecords);
  },
  judge: (ctx) => judgeFileReturned(ctx),
});
