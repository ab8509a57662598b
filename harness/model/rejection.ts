import type { RecordedExchange } from '../check';

/** Why the model rejects an answer: what the documents say it should hold, and what it holds. */
export interface Rejection {
  title: string;
  expected: unknown;
  actual: unknown;
  /** The rule whose sentence the answer breaks, where the model names it (the relations of state.ts do). */
  rule?: string;
  /** The earlier answer the relation compares this one with. */
  other?: RecordedExchange;
}
