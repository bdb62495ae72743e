import {
  commonFolder,
  isAbsolutePath,
  isUnderPrefix,
  normalizePath,
} from '../src/text/path-prefix';

describe('path prefixes match whole segments (domain.md 3.3)', () => {
  test('/media/movies covers its files, not /media/movies-4k', () => {
    expect(isUnderPrefix('/media/movies/A.mkv', '/media/movies')).toBe(true);
    expect(isUnderPrefix('/media/movies-4k/A.mkv', '/media/movies')).toBe(false);
  });

  test('a trailing separator on the prefix changes nothing; the prefix itself matches', () => {
    expect(isUnderPrefix('/media/movies/A.mkv', '/media/movies/')).toBe(true);
    expect(isUnderPrefix('/media/movies', '/media/movies/')).toBe(true);
  });

  test('backslashes are separators too, so Windows paths match the same way', () => {
    expect(isUnderPrefix('D:\\Media\\Movies\\A.mkv', 'D:/Media/Movies')).toBe(true);
    expect(isUnderPrefix('D:\\Media\\Movies 4K\\A.mkv', 'D:\\Media\\Movies\\')).toBe(false);
    expect(normalizePath('\\\\nas\\share\\')).toBe('//nas/share');
  });

  test('matching is case-sensitive', () => {
    expect(isUnderPrefix('/Media/movies/A.mkv', '/media/movies')).toBe(false);
  });

  test('the root covers every absolute path', () => {
    expect(normalizePath('/')).toBe('/');
    expect(isUnderPrefix('/any/where.mkv', '/')).toBe(true);
  });

  test('absolute means rooted: POSIX, UNC or a drive letter', () => {
    expect(['/media', '\\\\nas\\share', 'C:\\Media', 'c:/media'].every(isAbsolutePath)).toBe(true);
    expect(['media/movies', './media', 'C:media', '~/media'].some(isAbsolutePath)).toBe(false);
  });
});

describe('the folder files share (a series folder, an operation on several files)', () => {
  test.each([
    [['/tv/A/S1/e1.mkv', '/tv/A/S2/e1.mkv'], '/tv/A'],
    [['/tv/Dark/a.mkv', '/tv/Dark 2/b.mkv', '/tv/Dark/c.mkv'], '/tv'],
    [['/tv/Dark/S1/a.mkv', '/tv/Dark/S10/b.mkv'], '/tv/Dark'],
    [['/media/movies/A/A.mkv'], '/media/movies/A'],
    [['C:\\tv\\A\\e.mkv', 'C:\\tv\\B\\e.mkv'], 'C:/tv'],
    [['/a/x.mkv', '/b/y.mkv'], '/'],
  ])('%j → %s', (paths, folder) => {
    expect(commonFolder(paths)).toBe(folder);
  });

  test('none: no paths, or files on two drives, in either order', () => {
    expect(commonFolder([])).toBeUndefined();
    expect(commonFolder(['/tv/y.mkv', 'D:\\tv\\x.mkv'])).toBeUndefined();
    expect(commonFolder(['D:\\tv\\x.mkv', '/tv/y.mkv'])).toBeUndefined();
  });
});

test('a path of 100 000 separators before a name is normalised in linear time', () => {
  // Media servers report the paths: a trailing-separator regex took quadratic time on this.
  const path = `${'/'.repeat(100_000)}x`;
  const started = performance.now();
  expect(normalizePath(path)).toBe(path);
  expect(normalizePath(`${path}${'\\'.repeat(100_000)}`)).toBe(path);
  expect(performance.now() - started).toBeLessThan(1000);
});
