import countLimits from './contacts.import.count.limits';
import resultsOrder from './contacts.import.results.order';
import schema from './schema.contacts.import';
import recordsInData from './contacts.import.recordsInData';
import countsAgree from './contacts.import.counts.agree';
import contactIDSuccessOnly from './contacts.import.contactID.success-only';
import structureFirstRecord from './contacts.import.structure.first-record';
import emailRequired from './contacts.import.email.required';
import rowIsolated from './contacts.import.row.isolated';
import rowReported from './contacts.import.row.reported';
import matchExisting from './contacts.import.match.existing';
import updateExistingDefault from './contacts.import.updateExisting.default';
import updateExistingOff from './contacts.import.updateExisting.off';
import groupIDsAdd from './contacts.import.groupIDs.add';
import removeGroupIDs from './contacts.import.removeGroupIDs';
import updateExistingOffGroups from './contacts.import.updateExisting.off-groups';
import dynamicGroupRefused from './contacts.import.dynamic-group.refused';
import suppressedStays from './contacts.import.suppressed.stays';
import customFields from './contacts.import.customFields';

/** In the order they run: the checks that change group member counts run one after another (see the suite). */
export const checks = [
  countLimits,
  resultsOrder,
  schema,
  recordsInData,
  countsAgree,
  contactIDSuccessOnly,
  structureFirstRecord,
  emailRequired,
  rowIsolated,
  rowReported,
  matchExisting,
  updateExistingDefault,
  updateExistingOff,
  groupIDsAdd,
  removeGroupIDs,
  updateExistingOffGroups,
  dynamicGroupRefused,
  suppressedStays,
  customFields,
];
