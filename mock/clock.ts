import { parseDatetime } from './datetime';

export interface ClockSettings {
  /** Datetime the clock shows now (service or ISO format); default: real time. */
  start?: string;
  /** Mock milliseconds per real millisecond; default 1. */
  speed?: number;
}

/**
 * The mock's notion of now. Every time rule (the default search window, export delays, file expiration)
 * reads it, so a test can start the clock anywhere and run it fast, slow or frozen (speed 0).
 */
export class MockClock {
  private anchorReal = Date.now();
  private anchorMock = this.anchorReal;
  private rate = 1;

  constructor(settings: ClockSettings = {}) {
    this.set(settings);
  }

  now(): number {
    return this.anchorMock + (Date.now() - this.anchorReal) * this.rate;
  }

  get speed(): number {
    return this.rate;
  }

  /** Moves the clock to start (if given) and sets its speed (if given); time keeps flowing from there. */
  set(settings: ClockSettings): void {
    const start = settings.start === undefined ? this.now() : parseClockStart(settings.start);
    const speed = settings.speed ?? this.rate;
    if (!Number.isFinite(speed) || speed < 0) throw new RangeError(`clock speed must be a number >= 0, got ${settings.speed}`);
    this.anchorReal = Date.now();
    this.anchorMock = start;
    this.rate = speed;
  }
}

function parseClockStart(text: string): number {
  const start = parseDatetime(text);
  if (start === undefined) throw new RangeError(`clock start must be a datetime like 2024-05-01 12:00:00, got "${text}"`);
  return start;
}
