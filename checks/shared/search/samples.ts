/** How the generic search checks end a sample or record a sample's evidence. */
import type { ApiResponse, RuleJudge, Sample, SampleEvidence } from '../../../harness/core';

/** Records a failure with a sample's evidence (title, expected, actual, response). */
export function failWith(judge: RuleJudge, { note, ...evidence }: SampleEvidence): void {
  judge.check(false, note === undefined ? evidence : { ...evidence, title: `${evidence.title} (${note})` });
}

/** A sample is only judged on successes; a refusal of a valid request ends it unjudged (the bounds rules judge those). */
export function requireSuccess(response: ApiResponse, sample: Sample, what: string): void {
  if (response.outcome !== 'success') sample.inconclusive(`${what} was refused (${response.errors[0] ?? `HTTP ${response.status}`})`);
}

/** The property options of a check: its numRuns when given, else the run's. */
export const runsOption = (numRuns: number | undefined): { numRuns?: number } => (numRuns === undefined ? {} : { numRuns });
