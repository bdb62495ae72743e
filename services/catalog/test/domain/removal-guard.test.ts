import { byKind, decideRemovals, type ByKind } from '../../src/domain/removal-guard';

/** domain.md 2.11 mass-removal guard as a decision over id sets. */
const ids = (movie: number[], version: number[] = []): ByKind<number[]> => ({
  ...byKind(() => []),
  movie,
  version,
});
const live = (movies: number, versions = 0) => ({
  ...byKind(() => 0),
  movie: movies,
  version: versions,
});
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

test('removals within the ratio are applied at once', () => {
  const decision = decideRemovals({
    live: live(100),
    current: ids([1, 2]),
    pending: null,
    ratio: 0.1,
    complete: true,
  });
  expect(decision).toEqual({ remove: ids([1, 2]), hold: ids([]), guarded: false });
});

test('more than the ratio of one kind holds every removal, of every kind', () => {
  const decision = decideRemovals({
    live: live(100, 100),
    current: ids(range(1, 20), [5]),
    pending: null,
    ratio: 0.1,
    complete: true,
  });
  expect(decision.guarded).toBe(true);
  expect(decision.remove).toEqual(ids([], []));
  expect(decision.hold).toEqual(ids(range(1, 20), [5]));
});

test('a second consecutive complete sync confirms what both would remove, and re-guards what is new', () => {
  const decision = decideRemovals({
    live: live(100),
    current: ids([...range(1, 18), ...range(50, 15)]),
    pending: ids(range(1, 20)),
    ratio: 0.1,
    complete: true,
  });
  // 1-18 are confirmed; 19-20 came back; 50-64 are new and more than 10 % on their own.
  expect(decision.remove.movie).toEqual(range(1, 18));
  expect(decision.hold.movie).toEqual(range(50, 15));
  expect(decision.guarded).toBe(true);
});

test('an empty library after a non-empty one is held; a ratio of 0 holds any removal', () => {
  expect(
    decideRemovals({
      live: live(3),
      current: ids([1, 2, 3]),
      pending: null,
      ratio: 0.1,
      complete: true,
    }).guarded,
  ).toBe(true);
  expect(
    decideRemovals({ live: live(1000), current: ids([1]), pending: null, ratio: 0, complete: true })
      .guarded,
  ).toBe(true);
  expect(
    decideRemovals({ live: live(1000), current: ids([]), pending: null, ratio: 0, complete: true })
      .guarded,
  ).toBe(false);
});

test('an incomplete sync neither confirms nor drops the held set; its own removals still pass the guard', () => {
  const decision = decideRemovals({
    live: live(100),
    current: ids([...range(1, 18), 70]),
    pending: ids(range(1, 19)),
    ratio: 0.1,
    complete: false,
  });
  // 1-18 stay held though still missing; 19 is held although this sync could not look at it.
  expect(decision.remove.movie).toEqual([70]);
  expect(decision.hold.movie).toEqual(range(1, 19));
  expect(decision.guarded).toBe(false);
});
