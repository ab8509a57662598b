import type { RecordedTraffic, Target } from '../check';
import type { OperationKey } from '../types';

/**
 * A reading of the traffic that several judges share (the group history, the recorded imports), computed once per
 * traffic and profile: the whole run's judgement hands every rule the same traffic. A traffic is a snapshot (it
 * never grows), so what was read of it stays true. The reading must not be changed by its callers.
 */
export function perTraffic<T>(read: (traffic: RecordedTraffic, target: Pick<Target, 'profile'>) => T): (traffic: RecordedTraffic, target: Pick<Target, 'profile'>) => T {
  const cache = new WeakMap<RecordedTraffic, WeakMap<object, T>>();
  return (traffic, target) => {
    let byProfile = cache.get(traffic);
    if (!byProfile) cache.set(traffic, (byProfile = new WeakMap()));
    if (!byProfile.has(target.profile)) byProfile.set(target.profile, read(traffic, target));
    return byProfile.get(target.profile)!;
  };
}

/** Memoizes a per-operation reading of one recorded traffic (each is read once per operation, not per judged request). */
export function perOperation<T>(read: (traffic: RecordedTraffic, op: OperationKey) => T): (traffic: RecordedTraffic, op: OperationKey) => T {
  const cache = new WeakMap<RecordedTraffic, Map<OperationKey, T>>();
  return (traffic, op) => {
    let byOp = cache.get(traffic);
    if (!byOp) cache.set(traffic, (byOp = new Map()));
    if (!byOp.has(op)) byOp.set(op, read(traffic, op));
    return byOp.get(op)!;
  };
}
