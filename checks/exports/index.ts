import schemaEmails from './schema.exports.emails';
import schemaJobStatus from './schema.exports.jobStatus';
import requestJobId from './exports.request.jobID';
import pendingFirst from './exports.job.pending-first';
import finishes from './exports.job.finishes';
import fileKey from './exports.job.file-key';
import noRecords from './exports.job.no-records';
import expiration from './exports.job.expiration';
import failed from './exports.job.failed';
import getFile from './exports.getFile.file';
import fileFormat from './exports.getFile.format';
import fileRows from './exports.getFile.rows';
import fileAvailability from './exports.getFile.availability';
import unknownKey from './exports.getFile.unknown-key';
import duplicatePending from './exports.duplicate.pending';
import duplicateOther from './exports.duplicate.other-params';
import duplicateAfter from './exports.duplicate.after-completion';

// exports.getFile.availability first: it waits on the target's clock (suites/0-exports.spec.ts).
export const checks = [
  fileAvailability,
  requestJobId,
  pendingFirst,
  schemaEmails,
  finishes,
  fileKey,
  expiration,
  getFile,
  fileFormat,
  fileRows,
  schemaJobStatus,
  noRecords,
  failed,
  unknownKey,
  duplicatePending,
  duplicateOther,
  duplicateAfter,
];
