/** The one source of "now" for business rules, so tests can move time. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can set and advance; stays at the set instant until moved. */
export class ManualClock implements Clock {
  private current: Date | null = null;
  now(): Date {
    return this.current ? new Date(this.current) : new Date();
  }
  set(instant: Date | string): void {
    this.current = new Date(instant);
  }
  advance(ms: number): void {
    this.current = new Date(this.now().getTime() + ms);
  }
  reset(): void {
    this.current = null;
  }
}
