import { IdSet } from '../src/id-set';

describe('IdSet', () => {
  it('holds each id once, and grows past its first words', () => {
    const ids = new IdSet();
    for (const id of [1, 31, 32, 1, 5_000_000, 31]) ids.add(id);
    expect(ids.size).toBe(4);
    expect([1, 31, 32, 5_000_000].every((id) => ids.has(id))).toBe(true);
    expect([0, 2, 33, 4_999_999, 5_000_001, 9_000_000].some((id) => ids.has(id))).toBe(false);
  });
});
