/** The tag of an exploration's test (register.ts): it declares no rule, its exchanges are judged with the whole run's. */
export const EXPLORATION_TAG = '@exploration';
