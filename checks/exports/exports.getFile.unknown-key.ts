import { randomUUID } from 'node:crypto';
import { defineCheck } from '../../harness/core';
import { judgeUnknownKey } from '../shared/traffic';

export default defineCheck({
  rule: 'exports.getFile.unknown-key',
  title: 'getFile refuses a fileKey that no job issued',
  async drive({ api }) {
    // Fresh random GUIDs, in the service's upper case and in lower case.
    for (const fileKey of [randomUUID().toUpperCase(), randomUUID().toUpperCase(), randomUUID()]) {
      await api.call('exports.getFile', { params: { fileKey } });
    }
  },
  judge: (ctx) => judgeUnknownKey(ctx),
});
