/**
 * The rows of interface.md that the coverage self-test walks: every row of every table, every numbered
 * item, and the sentences of the sections that state rules in prose (Limits, Errors, Authentication,
 * Versioning) outside their tables and lists. A few lines of reading, not a markdown parser: the
 * document uses `##`/`###` headings, `|` tables, `1.` lists and one-line paragraphs.
 */

/** Sections whose prose sentences are rows too. */
export const SENTENCE_SECTIONS: readonly string[] = ['Limits', 'Errors', 'Authentication', 'Versioning'];

export interface DocumentRow {
  /**
   * Names the row: "<place> > <first cell>" for a table row, "<place> > [<list label> > ]<number>" for a
   * numbered item, "<section> > <words before the first colon>" for a sentence. <place> is the nearest
   * heading without its parenthesis ("Group", "GET /exports/jobStatus", "Limits").
   */
  key: string;
  kind: 'table' | 'item' | 'sentence';
  /** The `##` heading the row sits under, and the `###` one if any (whole, as written). */
  section: string;
  subsection?: string;
  /** Table rows: the header cells and the row's cells. */
  header?: string[];
  cells?: string[];
  /** The row as written (cells joined by " | " for a table row). */
  text: string;
}

/** A heading without its parenthesis: "Group (returned by groups/search)" -> "Group". */
export const placeName = (heading: string): string => heading.replace(/\s*\(.*\)\s*$/, '');

const cellsOf = (line: string): string[] => line.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((cell) => cell.trim());

/** The sentences of a paragraph (a sentence ends with a period followed by a space and a capital). */
export const sentencesOf = (paragraph: string): string[] => paragraph.trim().split(/(?<=\.)\s+(?=[A-Z])/);

/** A sentence's name: its words before the first colon, or the whole sentence without its period. */
export const leadIn = (sentence: string): string => (sentence.includes(':') ? sentence.slice(0, sentence.indexOf(':')) : sentence.replace(/\.$/, '')).trim();

export function documentRows(markdown: string): DocumentRow[] {
  const rows: DocumentRow[] = [];
  let section = '';
  let subsection: string | undefined;
  let header: string[] | undefined;
  let listLabel: string | undefined;
  let inList = false;
  let previous = '';
  for (const raw of markdown.split('\n')) {
    const line = raw.trim();
    const heading = /^(#{1,6}) (.*)$/.exec(line);
    const where = () => ({ section, ...(subsection === undefined ? {} : { subsection }) });
    const place = placeName(subsection ?? section);
    if (!line.startsWith('|')) header = undefined;
    const item = /^(\d+)\. (.*)$/.exec(line);
    if (!item && line !== '') inList = false;
    if (heading) {
      if (heading[1] === '##') [section, subsection] = [heading[2]!, undefined];
      else if (heading[1] === '###') subsection = heading[2];
    } else if (line.startsWith('|')) {
      const cells = cellsOf(line);
      if (!header) header = cells;
      else if (!cells.every((cell) => /^:?-+:?$/.test(cell))) {
        rows.push({ key: `${place} > ${cells[0]}`, kind: 'table', ...where(), header, cells, text: cells.join(' | ') });
      }
    } else if (item) {
      if (!inList) listLabel = previous.endsWith(':') ? previous.slice(0, -1) : undefined;
      inList = true;
      rows.push({ key: [place, listLabel, item[1]].filter((part) => part !== undefined).join(' > '), kind: 'item', ...where(), text: item[2]! });
    } else if (line !== '' && subsection === undefined && SENTENCE_SECTIONS.includes(section)) {
      for (const sentence of sentencesOf(line)) rows.push({ key: `${section} > ${leadIn(sentence)}`, kind: 'sentence', ...where(), text: sentence });
    }
    if (line !== '') previous = line;
  }
  return rows;
}
