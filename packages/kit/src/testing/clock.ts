import type { Clock } from '../time';

/** A clock the test moves by hand ("time passes" without sleeping); pass `clock.now`. */
export class TestClock {
  private current: Date;

  constructor(start = new Date()) {
    this.current = new Date(start);
  }

  readonly now: Clock = () => new Date(this.current);

  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }

  set(date: Date): void {
    this.current = new Date(date);
  }
}

export const DAY = 86_400_000;
