/** A clock the test moves by hand ("time passes" without sleeping). */
export class TestClock {
  private current: Date;

  constructor(start = new Date()) {
    this.current = new Date(start);
  }

  readonly now = (): Date => new Date(this.current);

  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export const DAY = 86_400_000;
