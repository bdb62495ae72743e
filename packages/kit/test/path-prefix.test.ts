import { isAbsolutePath, isUnderPrefix, normalizePath } from '../src/text/path-prefix';

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
