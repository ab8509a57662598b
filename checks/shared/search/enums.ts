/** Enum parameters of a search refuse values outside their allowed ones. */
import fc from 'fast-check';
import type { CheckContext } from '../../../harness/core';
import { allowedValues, param, searchMethod, unknownValue } from '../../../generators';
import type { Params, SearchOp } from './records';
import { runsOption } from './samples';

/** An unknown value for a parameter, wrapped in a list (alone or after an allowed value) when the parameter is an array. */
function unknownFor(op: SearchOp, name: string): fc.Arbitrary<unknown> {
  const value = unknownValue(op, name);
  if (param(op, name).type !== 'array') return value;
  return fc.oneof(value.map((v) => [v]), fc.tuple(fc.constantFrom(...allowedValues(op, name)), value).map(([a, v]) => [a, v]));
}

/**
 * A value outside the allowed values of each enum parameter is refused. Each parameter is tried once
 * deterministically (first allowed value + "x"), then a property varies them.
 */
export async function checkEnumsRejectUnknown(
  ctx: CheckContext,
  op: SearchOp,
  enumParams: string[],
  baseParams: Params,
  options: { numRuns?: number } = {},
): Promise<void> {
  const { api, judge } = ctx;
  for (const name of enumParams) {
    const near = `${allowedValues(op, name)[0]}x`;
    const value = param(op, name).type === 'array' ? [near] : near;
    const response = await api.call(op, { params: { ...baseParams, [name]: value } });
    judge.check(response.outcome === 'error', {
      title: `${name}=${JSON.stringify(value)} is refused`, expected: 'error', actual: response.outcome, response,
    });
  }
  const arbitrary = fc.tuple(fc.constantFrom(...enumParams).chain((name) => unknownFor(op, name).map((value) => ({ name, value }))), searchMethod);
  await judge.property(arbitrary, async ([{ name, value }, method], sample) => {
    const response = await api.call(op, { method, params: { ...baseParams, [name]: value } });
    sample.expect(response.outcome === 'error', {
      title: `${method} ${name}=${JSON.stringify(value)} is refused`, expected: 'error', actual: response.outcome, response,
    });
  }, runsOption(options.numRuns));
}
