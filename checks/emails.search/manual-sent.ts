import type { Target } from '../../harness/check';
import { wideWindowParams } from './date-windows';
import { DEFAULT_STATUSES, DELIVERY } from '../../harness/model';
import type { Params } from './email-records';

/**
 * Sent manual emails over the wide window: enough records to page and sort, each with a dateSent. The
 * status is passed (the default list) so that the checks using it do not lean on the status default.
 */
export const manualSentWide = (target: Target): Params => ({
  deliveryType: DELIVERY.manual,
  status: DEFAULT_STATUSES,
  ...wideWindowParams(target),
});
