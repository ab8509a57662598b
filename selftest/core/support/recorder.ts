import type { RequestRecorder } from '../../../harness/core/client';
import type { TransportError } from '../../../harness/core/transport-error';
import type { OperationKey, Verdict } from '../../../harness/types';

/** A RequestRecorder that keeps everything, for assertions. */
export function recordingRecorder() {
  const recorded = { requests: [] as Array<{ op: OperationKey; params: unknown }>, verdicts: [] as Verdict[], failures: [] as TransportError[] };
  const recorder: RequestRecorder = {
    request: (op, params) => recorded.requests.push({ op, params }),
    verdict: (verdict) => recorded.verdicts.push(verdict),
    transportFailure: (error) => recorded.failures.push(error),
  };
  return { recorder, recorded, verdictOf: (rule: string) => recorded.verdicts.filter((v) => v.rule === rule) };
}
