/**
 * The positions → indices map of a list that may have holes (removed movies, episodes without
 * files). Rebuilt lazily after a change as an Int32Array: 4 bytes per item instead of a JSON
 * object per item, so a million episodes cost 4 MB and paging is O(1) per item.
 */
export class LiveList {
  private indices: Int32Array | null = null;

  constructor(
    private readonly count: () => number,
    private readonly isLive: (index: number) => boolean,
  ) {}

  invalidate(): void {
    this.indices = null;
  }

  get length(): number {
    return this.build().length;
  }

  /** The item index at a position of the live list. */
  at(position: number): number {
    return this.build()[position] as number;
  }

  private build(): Int32Array {
    if (this.indices) return this.indices;
    const total = this.count();
    const buffer = new Int32Array(total);
    let live = 0;
    for (let i = 0; i < total; i++) if (this.isLive(i)) buffer[live++] = i;
    this.indices = buffer.subarray(0, live);
    return this.indices;
  }
}
