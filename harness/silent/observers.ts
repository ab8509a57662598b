/** Every silent-point observer, by point (the entry gives each catalogued point one observation, in catalogue order). */
import type { SilentObserver } from './_internals/sighting';
import { absentValue, booleanForm, extraMembers } from './records';
import { summaryDateSent, unsentDateSent } from './email-dates';
import { absentInSort, textCollation, tieOrder } from './search-order';
import { matchCase, wildcardAnchoring } from './matching';
import { abSendsInManual, dateSentEndInclusive, defaultEnd, defaultSortMixedStatus, privateOne, statusOutsideManual, userIDAccess } from './filters';
import { beyondLast, emptyTotalPages, linkForms } from './paging';
import { errorData, messagesForm } from './errors';
import { fileRows } from './export-file';
import { completedEmptyFileKey, duplicateWhileInProgress, fileLifetime, jobExtras, runningStatuses } from './exports';
import { duplicateEmailInCall, enumCase, groupInBothLists, postOnGetOperations, recordContactID, repeatedParameter, unclearInteger, unknownParameters } from './silent-inputs';
import { dynamicGroup, emailMatchCase, errorElementShape, failedRowContactID, successRowErrors, unchangedRowUpdated, warningsWhenNoneFailed } from './imports';

export const OBSERVERS: readonly SilentObserver[] = [
  absentValue, booleanForm, extraMembers, unsentDateSent, summaryDateSent,
  tieOrder, absentInSort, textCollation, matchCase, wildcardAnchoring,
  privateOne, userIDAccess, defaultEnd, dateSentEndInclusive, statusOutsideManual, abSendsInManual, defaultSortMixedStatus,
  linkForms, emptyTotalPages, beyondLast, messagesForm, errorData, unknownParameters, enumCase, repeatedParameter, unclearInteger, postOnGetOperations,
  runningStatuses, duplicateWhileInProgress, completedEmptyFileKey, jobExtras, fileLifetime, fileRows,
  successRowErrors, failedRowContactID, warningsWhenNoneFailed, errorElementShape, unchangedRowUpdated, emailMatchCase, dynamicGroup, recordContactID, groupInBothLists, duplicateEmailInCall,
];
