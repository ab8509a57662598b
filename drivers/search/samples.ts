/** The property options of a check: its numRuns when given, else the run's. */
export const runsOption = (numRuns: number | undefined): { numRuns?: number } => (numRuns === undefined ? {} : { numRuns });
