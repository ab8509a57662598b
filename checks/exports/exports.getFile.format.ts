import { defineCheck } from '../../harness/check';
import { exportWithRecords } from './export-with-records';
import { judgeFileFormat } from './download-judges';

export default defineCheck({
  rule: 'exports.getFile.format',
  title: 'getFile returns the file in the profile format',
  // A job with records polled to its end, and getFile with its fileKey.
  async drive({ observe }) {
    await observe(exportWithRecords);
  },
  judge: (ctx) => judgeFileFormat(ctx),
});
