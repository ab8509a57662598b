import type { ConformanceReport, RuleResult } from '../types';

/**
 * A repro command longer than this (a curl carrying a 1,000-row import is about 50,000 characters) is written to a
 * file of its own beside the report, and the HTML page and junit.xml name that file instead of holding the command.
 */
export const LONG_COMMAND_CHARS = 2000;
/** The folder, beside conformance.html, that holds the long commands. */
export const COMMAND_DIR = 'repro';

/** Where a rule's long command goes, relative to the report's folder: its repro, or the curl of its evidence number `index`. */
export function commandFile(ruleId: string, index?: number): string {
  const name = ruleId.replace(/[^A-Za-z0-9._-]/g, '_');
  return `${COMMAND_DIR}/${name}${index === undefined ? '' : `.curl-${index + 1}`}.sh`;
}

export function isLong(command: string): boolean {
  return command.length > LONG_COMMAND_CHARS;
}

/** Every long command of the rules a report shows with evidence (all but passes): file (relative) -> its text. */
export function longCommandFiles(report: Pick<ConformanceReport, 'rules'>): Map<string, string> {
  const files = new Map<string, string>();
  for (const rule of report.rules.filter((r: RuleResult) => r.verdict !== 'pass')) {
    rule.evidence.forEach((evidence, index) => {
      if (evidence.curl && isLong(evidence.curl)) files.set(commandFile(rule.id, index), script(evidence.curl));
    });
    if (rule.repro && isLong(rule.repro)) files.set(commandFile(rule.id), script(rule.repro));
  }
  return files;
}

function script(command: string): string {
  return `#!/bin/sh\n# Written by ems-conformance beside conformance.html: too long to show on the page. Tokens are $EMS_TOKEN, ...\n${command}\n`;
}
