import { DateSanitiser, parseExternalDate } from '../../src/integrations/dates';
import { imdbIdOf, tmdbIdOf, tvdbIdOf } from '../../src/integrations/ids';
import { jsonArrayElements, jsonArrayTexts } from '../../src/integrations/json-array-stream';
import { LimitExceeded } from '../../src/integrations/limits';
import { rangeFromArr, resolutionOf, videoCodecOf } from '../../src/integrations/media-info';
import { NOW } from './support';

describe('sentinel and invalid dates (§2.12)', () => {
  const dates = () => new DateSanitiser(() => NOW);

  test.each([
    ['0001-01-01T00:00:00', null],
    ['0001-01-01T00:00:00.0000000Z', null],
    ['1970-01-01T00:00:00Z', null],
    [0, null],
    ['-999999999-01-01', null],
    ['1899-12-31T00:00:00Z', null],
    ['not a date', null],
    ['2024-03-05T10:11:12.1234567Z', new Date('2024-03-05T10:11:12.123Z')],
    ['2024-03-05T10:11:12', new Date('2024-03-05T10:11:12Z')],
    [1709633472, new Date(1709633472 * 1000)],
  ])('%p parses to %p', (raw, expected) => {
    expect(parseExternalDate(raw)).toEqual(expected);
  });

  test('event times before 2000 or more than a day ahead are unknown, and counted', () => {
    const sanitiser = dates();
    expect(sanitiser.event('added_at', '1999-12-31T23:59:59Z')).toBeNull();
    expect(sanitiser.event('added_at', '2025-06-02T13:00:00Z')).toBeNull();
    expect(sanitiser.event('added_at', '2025-06-02T11:00:00Z')).toEqual(
      new Date('2025-06-02T11:00:00Z'),
    );
    expect(sanitiser.event('added_at', null)).toBeNull();
    expect(sanitiser.invalid.get('added_at')).toBe(2);
  });

  test('content dates may be old or in the near future but not 50 years ahead', () => {
    const sanitiser = dates();
    expect(sanitiser.content('air_date', '1950-01-01')).toEqual(new Date('1950-01-01T00:00:00Z'));
    expect(sanitiser.content('air_date', '2031-01-01')).toEqual(new Date('2031-01-01T00:00:00Z'));
    expect(sanitiser.content('air_date', '2099-01-01')).toBeNull();
  });
});

describe('file facts (§2.9.3)', () => {
  test.each([
    [3840, 1600, '2160p'],
    [1920, 800, '1080p'],
    [1280, 534, '720p'],
    [720, 480, 'sd'],
    [7680, 4320, '4320p'],
    [null, 2160, '2160p'],
    [null, null, null],
  ])('a %p×%p picture is %p', (width, height, expected) => {
    expect(resolutionOf(width, height)).toBe(expected);
  });

  test.each([
    ['AVC', 'h264'],
    ['x265', 'hevc'],
    ['HEVC', 'hevc'],
    ['mpeg2video', 'mpeg2'],
    ['XviD', 'mpeg4'],
    ['VC-1', 'vc1'],
    ['prores', 'other'],
    ['', null],
  ])('codec %p is %p', (codec, expected) => {
    expect(videoCodecOf(codec)).toBe(expected);
  });

  test('Arr dynamic range types distinguish HDR from Dolby Vision', () => {
    expect(rangeFromArr('DV HDR10')).toEqual({ hdr: true, dolbyVision: true });
    expect(rangeFromArr('HLG')).toEqual({ hdr: true, dolbyVision: false });
    expect(rangeFromArr('')).toEqual({ hdr: false, dolbyVision: false });
    expect(rangeFromArr(null)).toEqual({ hdr: null, dolbyVision: null });
  });
});

describe('external ids (§1.5)', () => {
  test('unusable ids become null instead of wrong matches', () => {
    expect([tmdbIdOf('603'), tmdbIdOf(0), tmdbIdOf('abc')]).toEqual([603, null, null]);
    expect([imdbIdOf('TT0133093'), imdbIdOf('0133093'), imdbIdOf('')]).toEqual([
      'tt0133093',
      null,
      null,
    ]);
    expect([tvdbIdOf(371980), tvdbIdOf('0'), tvdbIdOf(' 81189 ')]).toEqual([
      '371980',
      null,
      '81189',
    ]);
  });
});

describe('streamed JSON lists', () => {
  function* chunks(text: string, size: number) {
    for (let i = 0; i < text.length; i += size) yield Buffer.from(text.slice(i, i + size));
  }

  async function elements(text: string, size = 3): Promise<unknown[]> {
    const out: unknown[] = [];
    for await (const element of jsonArrayElements(chunks(text, size))) out.push(element);
    return out;
  }

  test('elements split across chunks, with brackets and escapes inside strings, come out whole', async () => {
    const list = [{ path: '/m/A [1080p] {x}.mkv', q: 'say "hi"\\' }, [1, [2]], 'ü€', 7, null];
    await expect(elements(` ${JSON.stringify(list, null, 1)} `)).resolves.toEqual(list);
    await expect(elements('[]')).resolves.toEqual([]);
  });

  test('escaped quotes and backslashes survive every split point', async () => {
    const list = [
      { a: '\\', b: '\\"', c: '"\\\\"', d: '[{,}]' },
      ['x\\', '\\\\\\', '\u0000"'],
      { nested: { deep: ['"]', '\\]'] } },
    ];
    const text = JSON.stringify(list);
    for (const size of [1, 2, 3, 5, 7, 11, text.length])
      await expect(elements(text, size)).resolves.toEqual(list);
  });

  test('an element over the cap fails while it is still arriving, whole or split', async () => {
    let sent = 0;
    function* endless() {
      yield Buffer.from('[{"id":1},{"overview":"');
      // Without the cap this ends as a truncated list, after 10 MB.
      for (; sent < 10_000; sent++) yield Buffer.from('x'.repeat(1000));
    }
    const reading = (async () => {
      for await (const texts of jsonArrayTexts(endless(), 10_000)) expect(texts).toHaveLength(1);
    })();
    await expect(reading).rejects.toThrow(LimitExceeded);
    expect(sent).toBeLessThan(20);
    // An element completed within one chunk is judged too.
    const one = jsonArrayTexts([Buffer.from(`[1,"${'y'.repeat(200)}"]`)], 100);
    await expect(one.next()).rejects.toThrow('an element of the list exceeded');
  });

  test.each(['[1,,2]', '[1,]', '[1, 2', '{"a":1}', '[1] x', '[{"a":}]'])(
    '%p is malformed',
    async (text) => {
      await expect(elements(text)).rejects.toThrow();
    },
  );
});
