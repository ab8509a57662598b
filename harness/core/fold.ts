import type { Evidence, ToleratedQuirk, Verdict, VerdictKind } from '../types';

/** Which verdict wins when several judge one rule. */
const VERDICT_RANK: Record<VerdictKind, number> = { fail: 4, error: 3, inconclusive: 2, pass: 1, skipped: 0 };

const MAX_EVIDENCE = 5;
const MAX_TOLERATED = 20;

/**
 * Folds verdicts of one rule into one: fail > error > inconclusive > pass > skipped. Reason, evidence,
 * repro, property, the harness error and the transport failure come from the winning kind; tolerated quirks, requests and
 * samples from all. A harness error outranks a pass (the judgement is incomplete) but never hides a failure.
 */
export function foldVerdicts(rule: string, verdicts: readonly Verdict[]): Verdict {
  const strongest = verdicts.reduce<VerdictKind>((best, v) => (VERDICT_RANK[v.verdict] > VERDICT_RANK[best] ? v.verdict : best), 'skipped');
  const winners = verdicts.filter((v) => v.verdict === strongest);
  const reasons = [...new Set(winners.map((v) => v.reason).filter((reason): reason is string => Boolean(reason)))];
  const folded: Verdict = {
    rule,
    verdict: strongest,
    evidence: distinctEvidence(winners.flatMap((v) => v.evidence)),
    requests: verdicts.reduce((sum, v) => sum + v.requests, 0),
  };
  if (reasons.length > 0) folded.reason = reasons.length === 1 ? reasons[0] : `${reasons[0]} (and ${reasons.length - 1} more)`;
  const withRepro = winners.find((v) => v.repro);
  if (withRepro) folded.repro = withRepro.repro;
  const withProperty = winners.find((v) => v.property);
  if (withProperty) folded.property = withProperty.property;
  const withError = winners.find((v) => v.harnessError);
  if (withError) folded.harnessError = withError.harnessError;
  const cut = winners.find((v) => v.transportFailure);
  if (cut) folded.transportFailure = cut.transportFailure;
  const tolerated = distinctQuirks(verdicts.flatMap((v) => v.tolerated ?? []));
  if (tolerated.length > 0) folded.tolerated = tolerated;
  const sampled = verdicts.filter((v) => v.samples);
  if (sampled.length > 0) {
    folded.samples = {
      judged: sampled.reduce((sum, v) => sum + (v.samples?.judged ?? 0), 0),
      inconclusive: sampled.reduce((sum, v) => sum + (v.samples?.inconclusive ?? 0), 0),
    };
  }
  return folded;
}

/** Folds a list of verdicts about any rules into one verdict per rule, in first-seen order. */
export function foldByRule(verdicts: readonly Verdict[]): Verdict[] {
  const byRule = new Map<string, Verdict[]>();
  for (const verdict of verdicts) byRule.set(verdict.rule, [...(byRule.get(verdict.rule) ?? []), verdict]);
  return [...byRule].map(([rule, list]) => foldVerdicts(rule, list));
}

function distinctEvidence(evidence: Evidence[]): Evidence[] {
  const seen = new Set<string>();
  return evidence.filter((item) => {
    const key = `${item.title}|${item.pointer ?? ''}|${item.curl ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  }).slice(0, MAX_EVIDENCE);
}

/** One example per quirk and place (array indexes folded), so a quirk on every record shows once. */
function distinctQuirks(quirks: ToleratedQuirk[]): ToleratedQuirk[] {
  const seen = new Set<string>();
  return quirks.filter((quirk) => {
    const key = `${quirk.rule}|${quirk.quirk}|${quirk.pointer.replace(/\/\d+(?=\/|$)/g, '/*')}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  }).slice(0, MAX_TOLERATED);
}
