/**
 * drivers/: what sends. A driver draws requests from the documented parameter space (generators/) and sends
 * them through the one client; it decides nothing: every exchange it produces is judged by every rule it
 * applies to (checks/). Shared here: the drivers of the two searches (drivers/search/), export jobs run to
 * their end (export-jobs.ts, with the run-wide export budget), and the target's sends as emails/search shows
 * them (sent-days.ts). A driver of one rule only stays beside its judge, in the rule's file.
 */
export * from './search';
export * from './export-jobs';
export * from './export-budget';
export * from './sent-days';
export { exploreInterface } from './stateful';
