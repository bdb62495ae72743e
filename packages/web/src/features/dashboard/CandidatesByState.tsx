import { Link } from 'react-router';
import type { Schemas } from '../../api/client';
import { formatBytes, formatNumber } from '../../ui/format';
import { stateShares } from './dashboard-model';
import { Figure } from './DashboardCard';

/** Candidate totals and one bar per state, each labelled with its word and count. */
export function CandidatesByState({ candidates }: { candidates: Schemas['DashboardCandidates'] }) {
  return (
    <>
      <div className="dash-figures">
        <Figure value={formatNumber(candidates.total)} label="candidates" />
        <Figure value={formatBytes(candidates.reclaimable_bytes)} label="reclaimable" />
        <Figure
          value={`${formatNumber(candidates.movies)} / ${formatNumber(candidates.series)}`}
          label="movies / series"
        />
      </div>
      <ul className="state-bars" aria-label="Candidates by state">
        {stateShares(candidates.by_state).map(({ state, count, percent }) => (
          <li key={state} className="state-bar">
            <Link to={`/candidates?auto_delete_state=${state}`} className="state-bar-label">
              <span className={`badge state-${state}`}>{state}</span>
              <span className="num">{formatNumber(count)}</span>
            </Link>
            <span className="state-bar-track" aria-hidden>
              <span className={`state-bar-fill fill-${state}`} style={{ width: `${percent}%` }} />
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
