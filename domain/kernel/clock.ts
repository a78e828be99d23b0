/**
 * Time comes from a Clock so that hour-long windows (IP blocks, monthly quotas,
 * delayed sequence steps) can be tested by moving time instead of sleeping.
 */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that starts at a given time and moves only when told to. */
export class ManualClock implements Clock {
  #t: number;
  constructor(start: number | Date = Date.now()) {
    this.#t = typeof start === "number" ? start : start.getTime();
  }
  now(): number {
    return this.#t;
  }
  advance(ms: number): void {
    this.#t += ms;
  }
  set(t: number | Date): void {
    this.#t = typeof t === "number" ? t : t.getTime();
  }
}

// A request formats the same instant several times (record, event, log).
let lastIsoMs = NaN;
let lastIso = "";

export function isoTime(ms: number): string {
  if (ms !== lastIsoMs) {
    lastIso = new Date(ms).toISOString();
    lastIsoMs = ms;
  }
  return lastIso;
}

// The month of the latest call and its bounds [from, to).
let monthFrom = 0;
let monthTo = -1;
let month = "";

/** "2026-11" for the UTC month that contains `ms` (monthly quotas reset on the 1st, UTC). */
export function utcMonth(ms: number): string {
  if (!(ms >= monthFrom && ms < monthTo)) {
    const d = new Date(ms);
    month = d.toISOString().slice(0, 7);
    monthFrom = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
    monthTo = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  }
  return month;
}

/** Start of the next UTC month, in ms. */
export function nextUtcMonthStart(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}
