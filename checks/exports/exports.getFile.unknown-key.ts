import { randomUUID } from 'node:crypto';
import { defineCheck } from '../../harness/check';
import { newJobs } from './new-jobs';
import { judgeUnknownKey } from '../shared/judges';

export default defineCheck({
  rule: 'exports.getFile.unknown-key',
  title: 'getFile refuses a fileKey that no job issued',
  async drive({ api, target, observe }) {
    // A refusal counts once the token is seen to work for the export steps (a jobStatus success): new jobs show it.
    if (target.allowWrites) await observe(newJobs);
    // Fresh random GUIDs, in the service's upper case and in lower case.
    for (const fileKey of [randomUUID().toUpperCase(), randomUUID().toUpperCase(), randomUUID()]) {
      await api.call('exports.getFile', { params: { fileKey } });
    }
  },
  judge: (ctx) => judgeUnknownKey(ctx),
});
