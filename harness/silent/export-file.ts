/** The rows of an export file (interface.md, getFile: "File format: not shown"): their order. */
import { unpackExport } from '../model';
import { foldCase, parseTargetDatetime } from '../oracles';
import type { Profile } from '../types';
import { fitting } from './_internals/candidates';
import { observer, type Sighting } from './_internals/sighting';

/** The delimited rows of the text (quoted values with doubled quotes, when the format quotes). */
function rowsOf(text: string, format: Profile['exportFile']): string[][] {
  return text
    .split(format.lineEnding)
    .filter((line) => line !== '')
    .map((line) => line.split(format.delimiter).map((cell) => (format.quoted && cell.startsWith('"') && cell.endsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell)));
}

export const fileRows = observer('exports.file-rows', (traffic, target) => {
  const format = target.profile.exportFile;
  const fits = { 'by-dateSent': true, 'by-emailID': true };
  let files = 0;
  // A file downloaded again with the same bytes shows nothing new (a large account's files are big).
  const read = new Map<unknown, Buffer[]>();
  for (const exchange of traffic.of('exports.getFile')) {
    if (!fits['by-dateSent'] && !fits['by-emailID']) break;
    if (exchange.outcome !== 'success' || !exchange.file || !format.header) continue;
    const same = read.get(exchange.params.fileKey) ?? [];
    if (same.some((bytes) => bytes.equals(exchange.file!))) continue;
    read.set(exchange.params.fileKey, [...same, exchange.file]);
    const text = unpackExport(exchange.file, String(exchange.params.fileKey ?? ''), format).text;
    const [header, ...rows] = text === undefined ? [] : rowsOf(text, format);
    const column = (name: string) => header?.findIndex((cell) => foldCase(cell) === foldCase(name)) ?? -1;
    const [sentAt, idAt] = [column('dateSent'), column('emailID')];
    if (sentAt < 0 || idAt < 0 || rows.length < 2) continue;
    const keys = rows.map((row) => ({ sent: parseTargetDatetime(row[sentAt], target.profile.datetime.format)?.getTime(), id: Number(row[idAt]) }));
    if (keys.some((key) => key.sent === undefined || !Number.isFinite(key.id))) continue;
    files++;
    for (let i = 1; i < keys.length; i++) {
      const [a, b] = [keys[i - 1]!, keys[i]!];
      if (a.sent! > b.sent! || (a.sent === b.sent && a.id > b.id)) fits['by-dateSent'] = false;
      if (a.id > b.id) fits['by-emailID'] = false;
    }
  }
  if (files === 0) return [] as Sighting[];
  const open = Object.entries(fits).filter(([, fit]) => fit).map(([reading]) => reading);
  return fitting(Object.keys(fits), (reading) => fits[reading as keyof typeof fits], `exports/getFile rows -> ${open.length > 0 ? `ordered ${open.join(' and ')}` : 'in neither order'}`);
});
