import type { RequestRecorder } from '../../../harness/exchanges/client';
import { responseVerdicts } from './answer-verdicts';
import type { TransportError } from '../../../harness/core/transport-error';
import type { OperationKey, Profile, Verdict } from '../../../harness/types';
import { testTarget } from './target';

/**
 * A RequestRecorder that keeps everything, for assertions: the requests, the transport failures, and the
 * verdicts each exchange earns on the schema/envelope rules (as their judges read it, through `profile`).
 */
export function recordingRecorder(profile: Profile = testTarget().profile) {
  const recorded = { requests: [] as Array<{ op: OperationKey; params: unknown }>, verdicts: [] as Verdict[], failures: [] as TransportError[] };
  const recorder: RequestRecorder = {
    request: (op, params) => recorded.requests.push({ op, params }),
    exchange: (response) => recorded.verdicts.push(...responseVerdicts(response, profile)),
    transportFailure: (error) => recorded.failures.push(error),
  };
  return { recorder, recorded, verdictOf: (rule: string) => recorded.verdicts.filter((v) => v.rule === rule) };
}
