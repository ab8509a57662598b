// @silent-point errors.messages-form
import { defineCheck, failed, messagesFormOf, passed, responseEvidence, type ApiResponse, type RuleVerdict } from '../../harness/check';
import { valueAt } from '../../harness/contract';
import type { Profile } from '../../harness/types';
import { driveEnvelopes } from './probes';
import { A_REFUSAL, A_SUCCESS, judgeAnswerRule } from '../shared/judges';

export default defineCheck({
  rule: 'envelope.error-signal',
  title: 'successes carry the success signal, refusals an error code and messages',
  drive: (ctx) => driveEnvelopes(ctx),
  judge: (ctx) => judgeAnswerRule(ctx, { needs: [A_SUCCESS, A_REFUSAL], answer: errorSignalOf }),
});

/**
 * The profile's outcome convention: a success carries no error code and no message; an error a code (a non-zero
 * integer, or a non-empty string, as the profile's codeType says) and at least one message, in the declared
 * errorsForm when the profile declares one (else in any form: errors.messages-form).
 */
export function errorSignalOf(response: ApiResponse, profile: Profile): RuleVerdict {
  const { codePointer, codeType = 'integer', errorsPointer, errorsForm } = profile.outcome;
  const hasCode = codePointer !== undefined;
  const rawCode = hasCode ? valueAt(response.body, codePointer) : undefined;
  const problems: Array<{ title: string; pointer?: string; expected: unknown; actual: unknown }> = [];
  if (response.outcome === 'success') {
    if (hasCode && codeType === 'integer' && response.code !== undefined && response.code !== 0) {
      problems.push({ title: 'a success carries a non-zero code', pointer: codePointer, expected: 0, actual: response.code });
    }
    if (hasCode && codeType === 'string' && response.code !== undefined) {
      problems.push({ title: 'a success carries an error code', pointer: codePointer, expected: 'no code (or "")', actual: response.code });
    }
    if (response.errors.length > 0) {
      problems.push({ title: 'a success carries error messages', pointer: errorsPointer, expected: [], actual: response.errors });
    }
  } else {
    if (hasCode && codeType === 'integer' && (response.code === undefined || response.code === 0 || !Number.isInteger(response.code))) {
      problems.push({ title: 'an error carries no non-zero integer code', pointer: codePointer, expected: 'a non-zero integer', actual: rawCode });
    }
    if (hasCode && codeType === 'string' && response.code === undefined) {
      problems.push({ title: 'an error carries no non-empty string code', pointer: codePointer, expected: 'a non-empty string', actual: rawCode });
    }
    if (response.errors.length === 0) {
      problems.push({ title: 'an error carries no error message', pointer: errorsPointer, expected: 'at least one message', actual: response.errors });
    }
    const messages = valueAt(response.body, errorsPointer);
    const form = messagesFormOf(messages);
    if (errorsForm !== undefined && messages !== undefined && form !== errorsForm) {
      problems.push({ title: `an error's messages are not in the declared form (${errorsForm})`, pointer: errorsPointer, expected: errorsForm, actual: messages });
    }
  }
  if (problems.length === 0) return passed();
  return failed(problems.map((problem) => problem.title).join('; '), problems.map(({ title, ...details }) => responseEvidence(response, title, details)));
}
