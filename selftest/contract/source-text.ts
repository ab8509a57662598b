import { readFileSync } from 'node:fs';
import { repoPath } from '../../harness/contract';

/** Text with every run of whitespace folded to one space. */
export function folded(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function sourceDocument(doc: string): string {
  return readFileSync(repoPath('spec/source', doc), 'utf8');
}

/**
 * The text of the section whose heading is `section` (or starts with `section (`), down to the
 * next heading of the same or a higher level; undefined when no heading matches.
 */
export function sectionText(document: string, section: string): string | undefined {
  const lines = document.split('\n');
  const heading = (line: string) => /^(#+) (.*)$/.exec(line);
  const start = lines.findIndex((line) => {
    const title = heading(line)?.[2];
    return title === section || title?.startsWith(`${section} (`);
  });
  if (start < 0) return undefined;
  const level = heading(lines[start] ?? '')?.[1]?.length ?? 0;
  const end = lines.findIndex((line, i) => i > start && (heading(line)?.[1]?.length ?? Infinity) <= level);
  return lines.slice(start, end < 0 ? undefined : end).join('\n');
}
