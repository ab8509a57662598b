import type { Choices } from './choices/choices';
import { MockClock } from './clock';
import { seed } from './data/seed';
import { Store } from './data/store';
import { ExportJobs } from './exports/jobs';
import { FaultSwitch } from './faults';
import type { ResolvedOptions } from './options';
import { Representation } from './representation';

/** Everything a running mock holds: its clock, its faults, its data and its export jobs. */
export class MockState {
  readonly clock: MockClock;
  readonly faults: FaultSwitch;
  readonly present: Representation;
  /** The reading the mock takes at every silent point (mock/choices/). */
  readonly choices: Choices;
  store!: Store;
  exports!: ExportJobs;

  constructor(readonly options: ResolvedOptions) {
    this.clock = new MockClock(options.clock);
    this.faults = new FaultSwitch(options.faults);
    this.choices = options.choices;
    this.present = new Representation(options.quirks, this.faults, this.choices);
    this.reset();
  }

  /** Reseeds the data (relative to the clock's now) and forgets every export job; faults and clock stay. */
  reset(): void {
    const { seed: dataSeed, scale, exportDelayMs, exportPendingPolls, exportFileLifetimeMs } = this.options;
    this.store = new Store(seed({ seed: dataSeed, scale, now: this.clock.now() }), this.choices);
    this.exports = new ExportJobs(dataSeed, exportDelayMs, exportPendingPolls, this.choices, exportFileLifetimeMs);
  }
}
