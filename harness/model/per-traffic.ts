import type { RecordedTraffic, Target } from '../check';

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
