import { defineCheck } from '../../harness/core';
import { exportWithRecords, fetchedFile } from './export-with-records';
import { expectedEntryName, readStrictly, unpackExport } from './export-file';
import { judgeFileFormat } from './traffic-downloads';

export default defineCheck({
  rule: 'exports.getFile.format',
  title: 'getFile returns the file in the profile format',
  async run({ judge, target, observe }) {
    const fetched = fetchedFile(judge, await observe(exportWithRecords));
    if (!fetched) return;
    const { file, fileKey, download } = fetched;
    const { profile } = target;
    const format = profile.exportFile;
    const unpacked = unpackExport(file, fileKey, format);
    const strict = unpacked.text === undefined ? undefined : readStrictly(unpacked.text, format);
    const problems = [...unpacked.problems, ...(strict?.problems ?? [])];
    judge.check(problems.length === 0 && unpacked.text !== undefined, {
      title: `the export file is in the ${profile.name} profile's format`,
      expected: {
        container: format.container,
        entry: format.container === 'none' ? undefined : expectedEntryName(format, fileKey),
        delimiter: format.delimiter,
        lineEnding: format.lineEnding,
        quoted: format.quoted,
        header: format.header,
      },
      actual: { problems, entries: unpacked.entries, start: unpacked.text?.slice(0, 300) },
      response: download,
    });
  },
  judge: (ctx) => judgeFileFormat(ctx),
});
