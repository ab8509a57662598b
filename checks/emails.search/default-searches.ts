/** The driver of a parameter's default: the search without it and the search that passes its documented default, both read whole. */
import type { CheckContext } from '../../harness/check';
import { wideWindowParams } from './date-windows';
import { emailsExploration } from './exploration';
import type { Params } from './email-records';
import { emailsNarrowing } from './narrowing';
import { searchWhole } from './whole-search';

export interface DefaultSearch {
  /** The search's parameters besides the one whose default is judged (the wide window is added). */
  base: Params;
  /** The parameter, and its documented default. */
  param: string;
  value: string | string[];
}

/** Sends both searches over the wide window, read whole (a large account's also narrowed), then the exploring driver's draws. Decides nothing. */
export async function driveDefaultAsExplicit(ctx: CheckContext, { base, param, value }: DefaultSearch): Promise<void> {
  const windowed = wideWindowParams(ctx.target);
  await searchWhole(ctx.api, { ...base, ...windowed });
  await searchWhole(ctx.api, { ...base, [param]: value, ...windowed });
  // A large account's: both again, narrowed to one list of emails (narrowing.ts).
  const narrowing = await emailsNarrowing(ctx);
  if (narrowing) {
    await searchWhole(ctx.api, { ...base, ...windowed, emailIDs: narrowing });
    await searchWhole(ctx.api, { ...base, [param]: value, ...windowed, emailIDs: narrowing });
  }
  await ctx.observe(emailsExploration);
}
