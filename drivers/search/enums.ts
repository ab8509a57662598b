/** Drives the enum parameters of a search with values outside their allowed ones (the judge: judgeEnumsRejectUnknown). */
import fc from 'fast-check';
import type { CheckContext } from '../../harness/check';
import { allowedValues, param, searchMethod, unknownValue } from '../../generators';
import { runsOption } from './samples';
import { type Params, type SearchOp } from '../../harness/model';

/** An unknown value for a parameter, wrapped in a list (alone or after an allowed value) when the parameter is an array. */
function unknownFor(op: SearchOp, name: string): fc.Arbitrary<unknown> {
  const value = unknownValue(op, name);
  if (param(op, name).type !== 'array') return value;
  return fc.oneof(value.map((v) => [v]), fc.tuple(fc.constantFrom(...allowedValues(op, name)), value).map(([a, v]) => [a, v]));
}

/**
 * Sends a value outside the allowed values of each enum parameter: each once (first allowed value + "x"),
 * then drawn ones by both methods. Decides nothing.
 */
export async function driveEnumsRejectUnknown(
  ctx: CheckContext,
  op: SearchOp,
  enumParams: string[],
  baseParams: Params,
  options: { numRuns?: number } = {},
): Promise<void> {
  const { api } = ctx;
  // The same search accepted first, so a refusal can be read as about the unknown value (the judge's fitRequest).
  await api.call(op, { params: baseParams });
  for (const name of enumParams) {
    const near = `${allowedValues(op, name)[0]}x`;
    await api.call(op, { params: { ...baseParams, [name]: param(op, name).type === 'array' ? [near] : near } });
  }
  const arbitrary = fc.tuple(fc.constantFrom(...enumParams).chain((name) => unknownFor(op, name).map((value) => ({ name, value }))), searchMethod);
  await ctx.explore(arbitrary, ([{ name, value }, method]) => api.call(op, { method, params: { ...baseParams, [name]: value } }), runsOption(options.numRuns));
}
