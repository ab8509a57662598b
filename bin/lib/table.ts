/** Prints a table: the first column left-aligned, the others right-aligned, a rule under the header. */
export function printTable(header: string[], rows: string[][], print: (line: string) => void = console.log): void {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  print(line(header));
  print(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) print(line(row));
}

/** Milliseconds as seconds with one decimal: "12.3 s". */
export const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
