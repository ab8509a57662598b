import { defineCheck } from '../../harness/core';
import { judgeRefusals, readProbes, runProbes } from './probes';
import { judgeTokenPlacement } from '../shared/traffic';

export default defineCheck({
  rule: 'auth.token.query-rejected',
  title: 'a valid token in the query string (accessToken), not in the header, is refused',
  async run({ api, judge }) {
    const probes = readProbes().filter((probe) => probe.options.method !== 'POST');
    const results = await runProbes(api, probes, 'full', { tokenIn: 'query' });
    judgeRefusals(judge, results, 'whose valid token is in the query string (accessToken) only');
  },
  traffic: (ctx) => judgeTokenPlacement(ctx, 'query', [{ op: 'helper.ping' }, { op: 'groups.search', method: 'GET' }, { op: 'emails.search', method: 'GET' }]),
});
