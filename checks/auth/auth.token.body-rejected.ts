import { defineCheck } from '../../harness/core';
import { judgeRefusals, readProbes, runProbes } from './probes';
import { judgeTokenPlacement } from '../shared/traffic';

export default defineCheck({
  rule: 'auth.token.body-rejected',
  title: 'a valid token in the POST body, not in the header, is refused',
  async run({ api, judge }) {
    const probes = readProbes().filter((probe) => probe.options.method === 'POST');
    const results = await runProbes(api, probes, 'full', { tokenIn: 'body' });
    judgeRefusals(judge, results, 'whose valid token is in the body (accessToken) only');
  },
  traffic: (ctx) => judgeTokenPlacement(ctx, 'body', [{ op: 'groups.search', method: 'POST' }, { op: 'emails.search', method: 'POST' }]),
});
