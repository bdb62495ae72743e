import {
  fingerprintOf,
  identifyFiles,
  type KnownFile,
  type ObservedFile,
} from '../../src/domain/file-identity';

/** domain.md 1.11 as a pure decision. */
const known = (
  id: number,
  path: string,
  size: number | null,
  duration: number | null = 6_000_000,
  arrKey: string | null = null,
): KnownFile => ({
  id,
  path,
  sizeBytes: size,
  durationMs: duration,
  arrKey,
});
const seen = (
  path: string,
  size: number | null,
  duration: number | null = 6_000_000,
  arrKey: string | null = null,
): ObservedFile => ({
  path,
  sizeBytes: size,
  durationMs: duration,
  arrKey,
});

test('the same Arr file id is the same version, whatever its path and size', () => {
  const result = identifyFiles(
    [known(1, '/a.mkv', 10, 1000, '5:77')],
    [seen('/b.mkv', 11, 1000, '5:77')],
  );
  expect(result).toEqual({ matched: [{ observed: 0, id: 1, renamed: true }], added: [], left: [] });
});

test('same path and size is the same version (a metadata refresh is no rename)', () => {
  const result = identifyFiles([known(1, '/a.mkv', 10)], [seen('/a.mkv', 10, 999)]);
  expect(result.matched).toEqual([{ observed: 0, id: 1, renamed: false }]);
});

test('a rename keeps the version: same size, duration within 2 s, old path gone', () => {
  const result = identifyFiles(
    [known(1, '/a.mkv', 10, 6_000_000)],
    [seen('/a2.mkv', 10, 6_001_900)],
  );
  expect(result).toEqual({ matched: [{ observed: 0, id: 1, renamed: true }], added: [], left: [] });
});

test('a fingerprint match is no rename while the old path is still observed', () => {
  const result = identifyFiles(
    [known(1, '/a.mkv', 10)],
    [seen('/a.mkv', 12), seen('/copy.mkv', 10)],
  );
  expect(result.added).toEqual([0, 1]);
  expect(result.left).toEqual([{ id: 1, cause: 'replaced', replacedBy: 0 }]);
});

test('a replaced file is a new version; the old one left as replaced by it', () => {
  const result = identifyFiles([known(1, '/a.mkv', 10)], [seen('/a - v2.mkv', 20)]);
  expect(result).toEqual({
    matched: [],
    added: [0],
    left: [{ id: 1, cause: 'replaced', replacedBy: 0 }],
  });
});

test('a file that is simply gone left the library; durations off by more than 2 s are different files', () => {
  expect(identifyFiles([known(1, '/a.mkv', 10)], []).left).toEqual([
    { id: 1, cause: 'left_library', replacedBy: null },
  ]);
  const result = identifyFiles(
    [known(1, '/a.mkv', 10, 6_000_000)],
    [seen('/b.mkv', 10, 6_003_000)],
  );
  expect(result.added).toEqual([0]);
});

test('the fingerprint is the size and the duration in whole seconds', () => {
  expect(fingerprintOf({ sizeBytes: 1234, durationMs: 6_000_600 })).toBe('1234:6001');
  expect(fingerprintOf({ sizeBytes: null, durationMs: null })).toBe(':');
});
