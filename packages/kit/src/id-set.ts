/** What a reader of an IdSet may do: a step hands the ids it saw to later steps this way. */
export interface ReadonlyIdSet {
  has(id: number): boolean;
  readonly size: number;
}

/**
 * A set of positive integer ids as a bitmap: a full catalog sync marks every item it sees (up
 * to a million episodes and files), and a Set<number> of that size would cost tens of
 * megabytes where the bitmap costs one bit per id.
 */
export class IdSet implements ReadonlyIdSet {
  private bits = new Uint32Array(1024);
  private count = 0;

  add(id: number): void {
    const word = id >>> 5;
    if (word >= this.bits.length) this.grow(word);
    const mask = 1 << (id & 31);
    if (((this.bits[word] as number) & mask) === 0) {
      this.bits[word] = (this.bits[word] as number) | mask;
      this.count += 1;
    }
  }

  has(id: number): boolean {
    const word = id >>> 5;
    return word < this.bits.length && ((this.bits[word] as number) & (1 << (id & 31))) !== 0;
  }

  get size(): number {
    return this.count;
  }

  private grow(word: number): void {
    let length = this.bits.length;
    while (length <= word) length *= 2;
    const next = new Uint32Array(length);
    next.set(this.bits);
    this.bits = next;
  }
}
