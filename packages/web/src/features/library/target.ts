import type { Schemas } from '../../api/client';
import { formatBytes } from '../../ui/format';

export type MediaItem = Schemas['MediaItemDetail'];

/** The target part of a protection or request body (internal-api.md §1.3). */
export type TargetInput = Pick<
  Schemas['ProtectionRequestCreate'],
  'media_type' | 'media_id' | 'movie_version_id' | 'season_id' | 'episode_id'
>;

export interface TargetOption {
  key: string;
  group: string;
  label: string;
  /** The target without its details, for sentences ("Season 2", a file name). */
  name: string;
  input: TargetInput;
  /** Files the target holds and their size when known: what a deletion would remove. */
  files: number;
  sizeBytes: number | null;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function itemName(item: Pick<MediaItem, 'title' | 'year'>): string {
  return item.year ? `${item.title} (${item.year})` : item.title;
}

/** Every target of an item a protection or request may name: the whole item, then its parts. */
export function targetOptions(item: MediaItem): TargetOption[] {
  const root = { media_type: item.media_type, media_id: item.media_id };
  if (item.media_type === 'movie')
    return [
      {
        key: 'movie',
        group: 'Movie',
        label: `Whole movie: ${itemName(item)}`,
        name: itemName(item),
        input: root,
        files: item.versions.length,
        sizeBytes: item.size_bytes,
      },
      ...item.versions.map((v) => ({
        key: `version:${v.id}`,
        group: 'One version (file)',
        label: [v.file_name, v.resolution, v.size_bytes === null ? null : formatBytes(v.size_bytes)]
          .filter(Boolean)
          .join(' · '),
        name: `the file ${v.file_name}`,
        input: { ...root, movie_version_id: v.id },
        files: 1,
        sizeBytes: v.size_bytes,
      })),
    ];
  const withFiles = (episodes: MediaItem['seasons'][number]['episodes']) =>
    episodes.filter((e) => e.has_file).length;
  return [
    {
      key: 'series',
      group: 'Series',
      label: `Whole series: ${itemName(item)}`,
      name: itemName(item),
      input: root,
      files: item.seasons.reduce((sum, s) => sum + withFiles(s.episodes), 0),
      sizeBytes: item.size_bytes,
    },
    ...item.seasons.map((s) => ({
      key: `season:${s.id}`,
      group: 'One season',
      label: `Season ${s.season_number}`,
      name: `Season ${s.season_number}`,
      input: { ...root, season_id: s.id },
      files: withFiles(s.episodes),
      sizeBytes: null,
    })),
    ...item.seasons.flatMap((s) =>
      s.episodes.map((e) => ({
        key: `episode:${e.id}`,
        group: 'One episode',
        label: `S${pad(s.season_number)}E${pad(e.episode_number)}${e.title ? ` · ${e.title}` : ''}`,
        name: `S${pad(s.season_number)}E${pad(e.episode_number)}`,
        input: { ...root, episode_id: e.id },
        files: e.has_file ? 1 : 0,
        sizeBytes: null,
      })),
    ),
  ];
}

/** "Heat (1995), 2 files, 41.2 GiB" or "Season 2 of Lost (2004), 24 files". */
export function describeTarget(item: MediaItem, option: TargetOption): string {
  const name =
    option.key === 'movie' || option.key === 'series'
      ? option.name
      : `${option.name} of ${itemName(item)}`;
  const files = `${option.files.toLocaleString()} ${option.files === 1 ? 'file' : 'files'}`;
  return [name, files, option.sizeBytes === null ? null : formatBytes(option.sizeBytes)]
    .filter(Boolean)
    .join(', ');
}

/** Groups the options keep their order in, for <optgroup>. */
export function groupOptions(options: TargetOption[]): [string, TargetOption[]][] {
  const groups = new Map<string, TargetOption[]>();
  for (const option of options)
    groups.set(option.group, [...(groups.get(option.group) ?? []), option]);
  return [...groups];
}
