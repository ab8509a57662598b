/** Why the model rejects an answer: what the documents say it should hold, and what it holds. */
export interface Rejection {
  title: string;
  expected: unknown;
  actual: unknown;
}
