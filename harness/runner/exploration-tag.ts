/** The tag of an exploration's test, defined with the rule tags (harness/core rules.ts). */
export { EXPLORATION_TAG } from '../core';
