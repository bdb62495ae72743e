import { coversIds, overlapsIds, sameTarget, type ScopedIds } from '../src/domain/target-overlap';

/** In-memory coverage, the twin of target.repository's `covers` (domain.md 5.4, 7.1). */
const ids = (scope: ScopedIds['scope'], rest: Partial<ScopedIds> = {}): ScopedIds => ({
  scope,
  movieVersionId: null,
  seasonId: null,
  episodeId: null,
  ...rest,
});

test('a root covers everything under it; a season its episodes; a version or episode only itself', () => {
  const season = ids('season', { seasonId: 5 });
  const episode = ids('episode', { seasonId: 5, episodeId: 9 });
  expect(coversIds(ids('series'), episode)).toBe(true);
  expect(coversIds(season, episode)).toBe(true);
  expect(coversIds(episode, season)).toBe(false);
  expect(overlapsIds(episode, season)).toBe(true);
  expect(overlapsIds(ids('season', { seasonId: 6 }), episode)).toBe(false);
});

test('sibling versions do not overlap, and missing ids never match', () => {
  const first = ids('version', { movieVersionId: 1 });
  expect(overlapsIds(first, ids('version', { movieVersionId: 2 }))).toBe(false);
  expect(overlapsIds(first, ids('movie'))).toBe(true);
  expect(coversIds(ids('season'), ids('season'))).toBe(false);
  expect(sameTarget(first, ids('version', { movieVersionId: 1 }))).toBe(true);
  expect(sameTarget(first, ids('movie'))).toBe(false);
});
