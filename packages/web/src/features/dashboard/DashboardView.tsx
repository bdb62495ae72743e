import { Link } from 'react-router';
import { DateTime } from '../../ui/DateTime';
import { formatBytes, formatNumber } from '../../ui/format';
import { CandidatesByState } from './CandidatesByState';
import { DashboardCard, Figure } from './DashboardCard';
import type { Dashboard } from './dashboard-model';
import { DiskList } from './DiskList';

/** A value that is null when its owner is down, as one object so the card can say so. */
function part<T>(value: T | null): { value: T } | null {
  return value === null ? null : { value };
}

/**
 * The dashboard's figures. `showCandidates` is the Candidates-page access (without it the
 * section is left out, not "unavailable"); administrators also see the disks.
 */
export function DashboardView({
  data,
  showCandidates,
  isAdmin,
}: {
  data: Dashboard;
  showCandidates: boolean;
  isAdmin: boolean;
}) {
  const schedule =
    data.auto_delete_task_enabled === null
      ? null
      : { enabled: data.auto_delete_task_enabled, next: data.next_auto_delete_at };
  return (
    <div className="grid dash-grid">
      {showCandidates && (
        <DashboardCard id="candidates" title="Candidates" data={data.candidates} wide>
          {(candidates) => <CandidatesByState candidates={candidates} />}
        </DashboardCard>
      )}
      <DashboardCard id="library" title="Library" data={data.library}>
        {(library) => (
          <div className="dash-figures">
            <Figure value={formatBytes(library.total_size_bytes)} label="on disk" />
            <Figure value={formatNumber(library.movies)} label="movies" />
            <Figure value={formatNumber(library.movie_versions)} label="movie files" />
            <Figure value={formatNumber(library.series)} label="series" />
            <Figure value={formatNumber(library.episodes)} label="episodes" />
          </div>
        )}
      </DashboardCard>
      <DashboardCard id="reclaimed" title="Reclaimed space" data={data.reclaimed}>
        {(reclaimed) => (
          <div className="dash-figures">
            <Figure value={formatBytes(reclaimed.bytes_total)} label="in total" />
            <Figure value={formatBytes(reclaimed.bytes_last_30_days)} label="last 30 days" />
            <Figure value={formatNumber(reclaimed.items_total)} label="items removed" />
          </div>
        )}
      </DashboardCard>
      <DashboardCard id="auto-delete" title="Next automatic deletion" data={schedule}>
        {({ enabled, next }) =>
          enabled && next ? (
            <p className="dash-when">
              <DateTime value={next} relative />
            </p>
          ) : (
            <p className="muted">
              Automatic deletion is off: nothing is deleted without someone confirming it.
            </p>
          )
        }
      </DashboardCard>
      <DashboardCard id="protections" title="Protections" data={part(data.protections_active)}>
        {({ value }) => (
          <>
            <Figure value={formatNumber(value)} label="active" />
            <Link className="dash-more" to="/protections">
              See protections
            </Link>
          </>
        )}
      </DashboardCard>
      <DashboardCard
        id="requests"
        title={isAdmin ? 'Pending requests' : 'Your pending requests'}
        data={data.requests}
      >
        {(requests) => (
          <>
            <div className="dash-figures">
              <Figure value={formatNumber(requests.pending_protection)} label="protection" />
              <Figure value={formatNumber(requests.pending_delete)} label="deletion" />
            </div>
            <Link className="dash-more" to="/requests">
              See requests
            </Link>
          </>
        )}
      </DashboardCard>
      <DashboardCard id="activity" title="Last runs" data={data}>
        {(runs) => (
          <dl className="dash-times">
            <dt>Media sync</dt>
            <dd>
              <DateTime value={runs.last_media_sync_at} relative />
            </dd>
            <dt>Candidate scan</dt>
            <dd>
              <DateTime value={runs.last_candidate_scan_at} relative />
            </dd>
          </dl>
        )}
      </DashboardCard>
      {isAdmin && (
        <DashboardCard id="disks" title="Disk space" data={data.disks} wide autoHeight>
          {(disks) => <DiskList disks={disks} />}
        </DashboardCard>
      )}
    </div>
  );
}

/** The loading state: the same cards at their final size. */
export function DashboardSkeleton({
  showCandidates,
  isAdmin,
}: {
  showCandidates: boolean;
  isAdmin: boolean;
}) {
  const cards = [
    ...(showCandidates ? ['wide'] : []),
    ...Array.from({ length: 6 }, () => ''),
    ...(isAdmin ? ['wide auto-height'] : []),
  ];
  return (
    <div className="grid dash-grid" aria-busy="true" aria-label="Loading dashboard">
      {cards.map((size, i) => (
        <div key={i} className={`card dash-card skeleton-card ${size}`} />
      ))}
    </div>
  );
}
