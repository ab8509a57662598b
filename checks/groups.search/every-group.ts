/** Whether the traffic read every group of the target: the widest search (status and type at their widest, no other filter) read whole. */
import type { RecordedTraffic } from '../../harness/check';
import { wholeSearch, setKeyOf } from '../shared/judges';
import { everyGroup, OP } from './group-filters';

export const everyGroupRead = (traffic: RecordedTraffic) => wholeSearch(traffic, OP, setKeyOf(OP, everyGroup()));

/** Why a record rule cannot pass without it. */
export const EVERY_GROUP_UNREAD = 'no search of every group (status and type at their widest, no other filter) was read whole';
