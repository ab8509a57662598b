import type { ChoiceMap } from './choices';

/**
 * The readings a fault needs to show (the fault matrix draws every other point at random): a fault that breaks
 * its rule only under one reading of a silent point names that reading here. Empty: every fault of
 * mock/faults.ts shows under any combination of readings the matrix has drawn so far.
 */
export const FAULT_NEEDS: Readonly<Record<string, ChoiceMap>> = {};

export function faultNeeds(fault: string): ChoiceMap {
  return Object.hasOwn(FAULT_NEEDS, fault) ? FAULT_NEEDS[fault]! : {};
}
