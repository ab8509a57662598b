import { randomUUID } from 'node:crypto';
import { defineCheck } from '../../harness/core';
import { judgeUnknownKey } from '../shared/traffic';

export default defineCheck({
  rule: 'exports.getFile.unknown-key',
  title: 'getFile refuses a fileKey that no job issued',
  async run({ judge, api }) {
    // Fresh random GUIDs, in the service's upper case and in lower case.
    const keys = [randomUUID().toUpperCase(), randomUUID().toUpperCase(), randomUUID()];
    for (const fileKey of keys) {
      const response = await api.call('exports.getFile', { params: { fileKey } });
      judge.check(response.outcome === 'error', {
        title: `getFile with the unissued fileKey ${fileKey} is refused`,
        expected: 'error',
        actual: { outcome: response.outcome, bytes: response.file?.length ?? null },
        response,
      });
    }
  },
  judge: (ctx) => judgeUnknownKey(ctx),
});
