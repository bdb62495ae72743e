import { describeTarget, targetOptions, type MediaItem } from './target';

const GiB = 1024 ** 3;
const version = (id: number, size: number) => ({
  id,
  file_name: `Heat.${id}.mkv`,
  size_bytes: size * GiB,
  resolution: null,
  video_codec: null,
  hdr: null,
  dolby_vision: null,
  added_at: null,
});

const heat: MediaItem = {
  media_type: 'movie',
  media_id: 11,
  title: 'Heat',
  year: 1995,
  tmdb_id: 949,
  poster_url: null,
  size_bytes: 41.2 * GiB,
  candidate_ids: [],
  protection_ids: [],
  removed_at: null,
  versions: [version(1, 11.2), version(2, 30)],
  seasons: [],
  candidates: [],
  protections: [],
};

describe('describeTarget', () => {
  it('names the item, its files and their size, as the delete confirmation says it', () => {
    const [whole, second] = [targetOptions(heat)[0]!, targetOptions(heat)[2]!];
    expect(describeTarget(heat, whole)).toMatch(/^Heat \(1995\), 2 files, 41[.,]2 GiB$/);
    expect(describeTarget(heat, second)).toMatch(
      /^the file Heat\.2\.mkv of Heat \(1995\), 1 file, 30[.,]0 GiB$/,
    );
  });
});
