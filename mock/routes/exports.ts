import { DAY_MS, formatServiceDatetime, HOUR_MS } from '../datetime';
import { ApiError, ErrorCode, invalidParameter, missingParameter } from '../errors';
import { buildExportZip } from '../exports/file';
import type { ExportJob } from '../exports/jobs';
import { data, type Operation, type OperationContext } from './operation';

/** Fault exports-file-expires-early: a file is refused from this long after its first download (mock clock). */
const EARLY_EXPIRY_MS = 1000;

/** GET /exports/emails?startDate&endDate: starts an export job (refused while an identical one is Pending). */
export const exportsEmails: Operation = {
  key: 'exports.emails',
  path: '/exports/emails',
  methods: ['GET'],
  handle(context) {
    const { params, fault, state, now, choices } = context;
    // exports.dates-required=defaulted: both dates optional: endDate defaults to today, startDate to 30 days before endDate
    const defaulted = choices.is('exports.dates-required', 'defaulted');
    const endDate = params.date('endDate') ?? (defaulted ? formatServiceDatetime(now).slice(0, 10) : undefined);
    const startDate = params.date('startDate') ?? (defaulted && endDate !== undefined ? daysBefore(endDate, 30) : undefined);
    if (startDate === undefined) throw missingParameter('startDate');
    if (endDate === undefined) throw missingParameter('endDate');
    if (startDate > endDate) throw invalidParameter('startDate is after endDate');
    if (startDate === endDate && fault('exports-request-refuses-same-day')) throw invalidParameter('startDate and endDate must differ');
    const blocking = [...state.exports.all()].find((job) => blocks(job, startDate, endDate, context));
    if (blocking) {
      const status = state.exports.status(blocking, now, state.faults);
      throw new ApiError(ErrorCode.duplicateExport, `An identical export (job ${blocking.jobID}, ${startDate} to ${endDate}) is still ${status}`);
    }
    const job = state.exports.create(startDate, endDate, now);
    return data({ jobID: fault('exports-job-id-string') ? String(job.jobID) : job.jobID });
  },
};

/** The duplicate rule: a Pending job for the same parameters refuses the request (exports.duplicate-while-in-progress=refused: an In Progress one too). */
function blocks(job: ExportJob, startDate: string, endDate: string, { fault, state, now, choices }: OperationContext): boolean {
  if (fault('exports-duplicates-accepted')) return false;
  const status = state.exports.status(job, now, state.faults);
  const sameParameters = job.startDate === startDate && job.endDate === endDate;
  if (fault('exports-pending-blocks-all')) return status === 'Pending';
  if (fault('exports-duplicate-after-completion-refused')) return sameParameters && status !== 'Failed';
  if (fault('exports-empty-repeat-refused') && sameParameters && status === 'Completed' && job.result?.rows.length === 0) return true;
  return sameParameters && (status === 'Pending' || (choices.is('exports.duplicate-while-in-progress', 'refused') && status === 'In Progress'));
}

function daysBefore(date: string, days: number): string {
  return formatServiceDatetime(Date.parse(`${date}T00:00:00Z`) - days * DAY_MS).slice(0, 10);
}

/** GET /exports/jobStatus?jobID: Pending, then Completed (totalRecords; fileKey and fileExpiration with records) or Failed. */
export const exportsJobStatus: Operation = {
  key: 'exports.jobStatus',
  path: '/exports/jobStatus',
  methods: ['GET'],
  handle(context) {
    const { params, fault, state, now, present, choices } = context;
    const jobID = params.integer('jobID');
    if (jobID === undefined) throw missingParameter('jobID');
    const job = state.exports.job(jobID);
    if (!job) throw new ApiError(ErrorCode.notFound, `No export job ${jobID}`);
    state.exports.poll(job, now);
    const status = state.exports.status(job, now, state.faults);
    // exports.job-extras=extra: every answer also carries jobID and a details string
    const extra = (details: string): Record<string, unknown> => (choices.is('exports.job-extras', 'extra') ? { jobID: job.jobID, details } : {});
    if (status === 'Pending') return data({ status: fault('exports-job-unknown-status') ? 'Queued' : 'Pending', ...extra('Queued') });
    if (status === 'In Progress') return data({ status, ...extra('Exporting emails') });
    if (status === 'Failed') {
      const reason = 'no data can be exported for dates before 2000-01-01';
      if (fault('exports-failed-as-success')) return data({ status, ...extra(reason) });
      throw new ApiError(ErrorCode.exportFailed, `Export job ${jobID} failed: ${reason}`, { status, ...extra(reason) });
    }
    const result = state.exports.result(job, state.store);
    const totalRecords = fault('exports-total-records-string') ? String(result.rows.length) : result.rows.length;
    const withFile = result.rows.length > 0 ? !fault('exports-completed-without-file-key') : fault('exports-empty-job-has-file-key');
    // exports.completed-empty-fileKey=empty-string: a job without records still names fileKey and fileExpiration, as "" (no file was generated)
    const emptyKey = choices.is('exports.completed-empty-fileKey', 'empty-string') ? { fileKey: '', fileExpiration: '' } : {};
    if (!withFile) return data({ status, totalRecords, ...emptyKey, ...extra('No records; no file generated') });
    const issuedBefore = state.exports.file(result.fileKey) !== undefined;
    if (issuedBefore && fault('exports-file-key-first-poll-only')) return data({ status, totalRecords });
    if (issuedBefore && fault('exports-file-key-rotates')) state.exports.rekey(result);
    state.exports.issue(result);
    const expiresAt = fault('exports-expiration-in-past') ? result.completedAt - HOUR_MS : fault('exports-expiration-moves-later') ? now + (result.expiresAt - result.completedAt) : result.expiresAt;
    return data({ status, totalRecords, fileKey: result.fileKey, fileExpiration: present.datetime(expiresAt), ...extra(`${result.rows.length} emails exported`) });
  },
};

/** GET /exports/getFile?fileKey: the zip, until fileExpiration. */
export const exportsGetFile: Operation = {
  key: 'exports.getFile',
  path: '/exports/getFile',
  methods: ['GET'],
  handle({ params, fault, state, now }) {
    const fileKey = params.string('fileKey');
    if (fileKey === undefined || fileKey === '') throw missingParameter('fileKey');
    const result = state.exports.file(fileKey);
    if (!result) {
      if (!fault('exports-getfile-serves-unknown-key')) throw new ApiError(ErrorCode.notFound, `No export file ${fileKey}`);
      return zipFile(fileKey, buildExportZip(fileKey, [], state.faults, state.choices));
    }
    if (now > result.expiresAt && !fault('exports-file-served-after-expiry')) throw new ApiError(ErrorCode.notFound, `Export file ${fileKey} expired`);
    if (fault('exports-file-key-rotates') && fileKey.trim().toUpperCase() !== result.fileKey.toUpperCase()) throw new ApiError(ErrorCode.notFound, `Export file ${fileKey} was replaced by a newer file`);
    if (fault('exports-getfile-refused')) throw new ApiError(ErrorCode.notFound, `Export file ${fileKey} is not ready`);
    const served = result.firstServedAt;
    if (served !== undefined && fault('exports-file-single-use')) throw new ApiError(ErrorCode.notFound, `Export file ${fileKey} was already downloaded`);
    if (served !== undefined && now > served + EARLY_EXPIRY_MS && fault('exports-file-expires-early')) throw new ApiError(ErrorCode.notFound, `Export file ${fileKey} expired`);
    result.firstServedAt ??= now;
    return zipFile(result.fileKey, buildExportZip(result.fileKey, result.rows, state.faults, state.choices));
  },
};

function zipFile(fileKey: string, bytes: Uint8Array) {
  return { kind: 'file', bytes, contentType: 'application/zip', fileName: `${fileKey}.zip` } as const;
}
