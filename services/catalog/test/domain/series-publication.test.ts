import { seriesPublication } from '../../src/domain/series-publication';

/** Which facts message a changed series gets (media.series_parts_upserted vs items_upserted). */
const base = { incremental: true, existedBefore: true, rootChanged: false };

test('only an incremental sync sends parts, for a series held before whose root it left alone', () => {
  expect(seriesPublication(base)).toBe('parts');
  expect(seriesPublication({ ...base, incremental: false })).toBe('full');
  expect(seriesPublication({ ...base, existedBefore: false })).toBe('full');
  expect(seriesPublication({ ...base, rootChanged: true })).toBe('full');
});
