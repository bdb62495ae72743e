import { parseArgs } from '../src/cli';

describe('command line', () => {
  test('the documented flags become options', () => {
    const argv = [
      '--movies',
      '50000',
      '--series',
      '5000',
      '--seasons-per-series',
      '4',
      '--episodes-per-season',
      '20',
      '--seed',
      '1',
      '--port',
      '0',
      '--host',
      '0.0.0.0',
    ];
    expect(parseArgs(argv)).toEqual({
      movies: 50000,
      series: 5000,
      seasonsPerSeries: 4,
      episodesPerSeason: 20,
      seed: 1,
      port: 0,
      host: '0.0.0.0',
    });
  });

  test('an unknown or incomplete flag is refused with the list of known ones', () => {
    expect(() => parseArgs(['--films', '3'])).toThrow(
      /unknown option --films; known: --host --movies/,
    );
    expect(() => parseArgs(['--movies'])).toThrow(/needs a value/);
  });
});
