import { DEFAULT_RULES_PATH, loadRules } from '../contract';
import type { Area, OperationKey, RuleCatalogue, RuleResult } from '../types';

/** What the renderers take from the rule catalogue beyond the report itself: area titles and order, rule operations. */
export interface ReportCatalogue {
  areas: Area[];
  operationsOf: (ruleId: string) => OperationKey[];
}

/**
 * The catalogue's view for rendering; an unreadable catalogue leaves areas untitled rather than failing a report.
 * Read through loadRules (its parsed form cached by content, parsed-cache.ts): parsing the YAML cost every run's
 * reporter about 0.2 CPU-s.
 */
export function loadReportCatalogue(file: string = DEFAULT_RULES_PATH): ReportCatalogue {
  try {
    return reportCatalogueOf(loadRules(file));
  } catch {
    return { areas: [], operationsOf: () => [] };
  }
}

export function reportCatalogueOf(catalogue: Pick<RuleCatalogue, 'areas' | 'rules'>): ReportCatalogue {
  const operations = new Map(catalogue.rules.map((r) => [r.id, r.operations] as const));
  return { areas: catalogue.areas, operationsOf: (id) => operations.get(id) ?? [] };
}

export interface AreaGroup {
  area: Area;
  rules: RuleResult[];
}

/**
 * The report's rules grouped by area, areas in catalogue order; an area the catalogue does not know
 * (an older or newer report) comes last, titled by its ID. Rules keep the report's order.
 */
export function groupByArea(rules: RuleResult[], areas: Area[]): AreaGroup[] {
  const groups = new Map<string, AreaGroup>(areas.map((area) => [area.id, { area, rules: [] }]));
  for (const rule of rules) {
    let group = groups.get(rule.area);
    if (!group) {
      group = { area: { id: rule.area, title: rule.area, section: '' }, rules: [] };
      groups.set(rule.area, group);
    }
    group.rules.push(rule);
  }
  return [...groups.values()].filter((g) => g.rules.length > 0);
}
