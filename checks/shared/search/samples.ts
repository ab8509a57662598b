/** How the generic search checks end a sample or record a sample's evidence. */
import type { RuleJudge, SampleEvidence } from '../../../harness/core';

/** Records a failure with a sample's evidence (title, expected, actual, response). */
export function failWith(judge: RuleJudge, { note, ...evidence }: SampleEvidence): void {
  judge.check(false, note === undefined ? evidence : { ...evidence, title: `${evidence.title} (${note})` });
}

/** The property options of a check: its numRuns when given, else the run's. */
export const runsOption = (numRuns: number | undefined): { numRuns?: number } => (numRuns === undefined ? {} : { numRuns });
