import { Shield, Trash2 } from 'lucide-react';
import { DateTime } from '../../ui/DateTime';
import { formatBytes } from '../../ui/format';
import { PageHeader } from '../../ui/PageHeader';
import { CandidateTable, ProtectionTable } from './ItemCoverage';
import { SeasonList, VersionTable } from './ItemContents';
import { Poster } from './Poster';
import { itemName, type MediaItem } from './target';

/** One movie or series: its files or episodes, its candidates and protections, and actions. */
export function MediaDetailView({
  item,
  isAdmin,
  onProtect,
  onDelete,
}: {
  item: MediaItem;
  isAdmin: boolean;
  onProtect: () => void;
  onDelete: () => void;
}) {
  const removed = item.removed_at !== null;
  const versionName = (id: number) => item.versions.find((v) => v.id === id)?.file_name;
  return (
    <>
      <PageHeader
        title={itemName(item)}
        actions={
          !removed && (
            <>
              <button type="button" className="button primary" onClick={onProtect}>
                <Shield aria-hidden size={16} /> {isAdmin ? 'Protect' : 'Request protection'}
              </button>
              <button type="button" className="button" onClick={onDelete}>
                <Trash2 aria-hidden size={16} /> {isAdmin ? 'Delete' : 'Request deletion'}
              </button>
            </>
          )
        }
      />
      <div className="media-summary">
        <Poster url={item.poster_url} mediaType={item.media_type} title={item.title} />
        <dl className="media-facts">
          <dt>Type</dt>
          <dd>{item.media_type === 'movie' ? 'Movie' : 'Series'}</dd>
          <dt>Size</dt>
          <dd>{formatBytes(item.size_bytes)}</dd>
          {item.tmdb_id !== null && (
            <>
              <dt>TMDB id</dt>
              <dd>{item.tmdb_id}</dd>
            </>
          )}
          {removed && (
            <>
              <dt>Removed</dt>
              <dd>
                <DateTime value={item.removed_at} relative />
              </dd>
            </>
          )}
        </dl>
      </div>
      {removed && (
        <p className="banner info" role="status">
          This item is no longer in the library; it cannot be protected or deleted.
        </p>
      )}
      <section className="media-section" aria-labelledby="contents-title">
        <h2 id="contents-title">{item.media_type === 'movie' ? 'Files' : 'Seasons'}</h2>
        {item.media_type === 'movie' ? (
          <VersionTable versions={item.versions} />
        ) : (
          <SeasonList seasons={item.seasons} />
        )}
      </section>
      <section className="media-section" aria-labelledby="candidates-title">
        <h2 id="candidates-title">Cleanup candidates</h2>
        <CandidateTable candidates={item.candidates} versionName={versionName} />
      </section>
      <section className="media-section" aria-labelledby="protections-title">
        <h2 id="protections-title">Protections</h2>
        <ProtectionTable protections={item.protections} versionName={versionName} />
      </section>
    </>
  );
}
