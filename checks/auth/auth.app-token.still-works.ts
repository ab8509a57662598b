// @silent-point auth.app-token-permissions
import { defineCheck, headerOnly, inconclusive, NOT_OBSERVED, type JudgeContext, type RecordedExchange, type Judgement } from '../../harness/check';
import { VerdictTally } from '../shared/judges';
import { appTokenRefusals, fullTokens } from './app-token-answers';
import { tokenMatrix } from './token-matrix';
import { paramsKey, RETIRED_ENDPOINT, silentInputs } from '../../harness/model';

/** The operations that accept both methods: a token's standing cannot depend on the method. */
const BOTH_METHODS = new Set(['groups.search', 'emails.search']);

/**
 * The Application-Only token, as the traffic shows it: the one token a client presented (in the header)
 * at the retired endpoint that issued such tokens. None, or more than one: the traffic cannot tell.
 */
function applicationToken(exchanges: readonly RecordedExchange[]): { id?: string; why?: string } {
  const ids = new Set(exchanges.filter((e) => e.op === RETIRED_ENDPOINT && headerOnly(e) && e.token.id !== undefined).map((e) => e.token.id!));
  if (ids.size === 1) return { id: [...ids][0]! };
  return { why: ids.size === 0 ? 'no token was presented at the retired applicationAccessToken endpoint, so which token is Application-Only cannot be told' : `${ids.size} tokens were presented at the retired endpoint, so which is the Application-Only one cannot be told` };
}

const outcomeOf = (e: RecordedExchange) => ({ request: `${e.op} (${e.method})`, outcome: e.outcome, code: e.code ?? null, errors: e.errors });

/**
 * The Application-Only token keeps working: helper/ping (which accepts any valid token) serves it; a
 * search (both methods accepted) never serves it under one method and refuses it under the other with
 * the same parameters; and no operation refuses it a request the full token was served just before and
 * just after (app-token-answers.ts: which permissions it holds is not written, so that is the one refusal
 * blamed on the token). Passes once a ping with it was seen and, where the traffic shows the full token
 * importing, an import with it was judged.
 */
export function judgeApplicationToken({ traffic, target }: JudgeContext): Judgement {
  const app = applicationToken(traffic.exchanges);
  if (app.id === undefined) return [inconclusive(`${NOT_OBSERVED}: ${app.why}`)];
  const tally = new VerdictTally();
  const withApp = traffic.exchanges.filter((e) => e.op !== RETIRED_ENDPOINT && e.outcome !== 'transport' && headerOnly(e) && e.token.id === app.id);
  let pinged = false;
  // A ping with parameters or by POST may be refused whatever the token: its acceptance is unwritten.
  for (const ping of withApp.filter((e) => e.op === 'helper.ping' && silentInputs(traffic, e).length === 0)) {
    pinged = true;
    tally.expect(ping.outcome === 'success', {
      title: 'helper/ping answers a success to the Application-Only token in the Authorization header',
      expected: 'success', actual: outcomeOf(ping), response: ping,
    });
  }
  const byRequest = new Map<string, RecordedExchange[]>();
  for (const e of withApp.filter((x) => BOTH_METHODS.has(x.op))) {
    const key = `${e.op} ${paramsKey(e.op, e, [])}`;
    byRequest.set(key, [...(byRequest.get(key) ?? []), e]);
  }
  for (const answers of byRequest.values()) {
    const served = answers.find((e) => e.outcome === 'success');
    const refused = served && answers.find((e) => e.outcome === 'error' && e.method !== served.method);
    if (!served || answers.every((e) => e.method === served.method)) continue;
    if (tally.expect(!refused, {
      title: `${refused?.op} (${refused?.method}) refuses the Application-Only token that ${served.op} (${served.method}) serves with the same parameters (both methods are accepted)`,
      expected: 'the same outcome under GET and POST', actual: answers.map(outcomeOf), response: refused ?? served,
    })) tally.note(`${served.op} serves it under both methods`);
  }
  // Every other operation: a refusal of a request the full token was served before and after it.
  const refusals = appTokenRefusals(traffic, target, app.id, withApp);
  const fullIDs = fullTokens(traffic, app.id);
  for (const { refused, servedBefore, servedAfter } of refusals.framed) {
    tally.expect(false, {
      title: `${refused.op} (${refused.method}) refuses the Application-Only token for a request the full token was served just before and just after`,
      expected: 'the same outcome as the full token: success', actual: { appToken: outcomeOf(refused), fullTokenBefore: outcomeOf(servedBefore), fullTokenAfter: outcomeOf(servedAfter) }, response: refused,
    });
  }
  for (const reason of refusals.unjudged) tally.skip(reason);
  // A write the full token was served, never judged with the Application-Only token: the statement is not covered.
  const unserved = WRITES.filter((op) => traffic.of(op).some((e) => e.outcome === 'success' && fullIDs.has(e.token.id ?? '')) && ![...refusals.judgedOps].some((judged) => judged.startsWith(`${op} `)));
  tally.note(`operations judged with it: ${[...refusals.judgedOps].sort().join(', ') || 'none'}`);
  return tally.verdicts({
    none: 'no request with the Application-Only token in the header',
    missing: [
      ...(pinged ? [] : ['no helper/ping with the Application-Only token in the header']),
      ...(unserved.length > 0 ? [`no ${unserved.join(' or ')} with the Application-Only token was served, nor refused where the full token was served the same request`] : []),
    ],
  });
}

/**
 * The write the rule needs to see judged where the full token was served one (the token matrix sends it with every token).
 * An export request is judged too where the traffic frames it, but not required: whether one can be framed
 * depends on the export jobs (a job never seen to end leaves every later request unjudged).
 */
const WRITES = ['contacts.import'] as const;

export default defineCheck({
  rule: 'auth.app-token.still-works',
  title: 'an Application-Only token issued before the cut-off still works',
  async drive({ api, observe }) {
    await api.call('helper.ping', { token: 'app' });
    // A client still holding its Application-Only token shows it at the endpoint that issued it: how the traffic tells which token it is.
    await api.call(RETIRED_ENDPOINT, { method: 'GET', token: 'app', allowTransportFailure: true });
    // Every operation it may use, both methods of the searches, every placement.
    await observe(tokenMatrix);
  },
  judge: judgeApplicationToken,
});
