import { TableScroll } from './TableScroll';
import { Check, Minus } from 'lucide-react';
import { DateTime } from '../../ui/DateTime';
import { EmptyState } from '../../ui/EmptyState';
import { formatBytes } from '../../ui/format';
import type { MediaItem } from './target';

const yesNo = (value: boolean | null) => (value === null ? '—' : value ? 'Yes' : 'No');

/** A movie's files with their technical details. */
export function VersionTable({ versions }: { versions: MediaItem['versions'] }) {
  if (versions.length === 0)
    return <EmptyState title="No files">This movie has no file in the library.</EmptyState>;
  return (
    <TableScroll label="Files">
      <table className="list">
        <thead>
          <tr>
            <th scope="col">File</th>
            <th scope="col" className="num">
              Size
            </th>
            <th scope="col">Resolution</th>
            <th scope="col">Codec</th>
            <th scope="col">HDR</th>
            <th scope="col">Dolby Vision</th>
            <th scope="col">Added</th>
          </tr>
        </thead>
        <tbody>
          {versions.map((v) => (
            <tr key={v.id}>
              <td className="file-name">{v.file_name}</td>
              <td className="num">{formatBytes(v.size_bytes)}</td>
              <td>{v.resolution ?? '—'}</td>
              <td>{v.video_codec ?? '—'}</td>
              <td>{yesNo(v.hdr)}</td>
              <td>{yesNo(v.dolby_vision)}</td>
              <td>
                <DateTime value={v.added_at} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** A series' seasons, each folded open on demand, with which episodes have a file. */
export function SeasonList({ seasons }: { seasons: MediaItem['seasons'] }) {
  if (seasons.length === 0)
    return <EmptyState title="No seasons">This series has no season in the library.</EmptyState>;
  return (
    <div className="season-list">
      {seasons.map((season) => {
        const withFile = season.episodes.filter((e) => e.has_file).length;
        return (
          <details key={season.id} className="card season">
            <summary>
              Season {season.season_number}{' '}
              <span className="muted small">
                {withFile} of {season.episodes.length} episodes on disk
              </span>
            </summary>
            <ul className="episode-list">
              {season.episodes.map((e) => (
                <li key={e.id}>
                  <span className="episode-number">
                    E{String(e.episode_number).padStart(2, '0')}
                  </span>
                  <span className="episode-title">
                    {e.title ?? <span className="muted">Untitled</span>}
                  </span>
                  <span className="muted small">{e.air_date ?? ''}</span>
                  <span className={e.has_file ? 'has-file' : 'muted'}>
                    {e.has_file ? <Check aria-hidden size={16} /> : <Minus aria-hidden size={16} />}
                    {e.has_file ? 'On disk' : 'No file'}
                  </span>
                </li>
              ))}
            </ul>
          </details>
        );
      })}
    </div>
  );
}
