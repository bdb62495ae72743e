import { TableScroll } from './TableScroll';
import type { Schemas } from '../../api/client';
import { DateTime } from '../../ui/DateTime';
import { EmptyState } from '../../ui/EmptyState';
import { StateBadge } from '../../ui/StateBadge';

type Scoped = Pick<
  Schemas['Candidate'],
  'scope' | 'season_number' | 'episode_number' | 'movie_version_id'
>;

/** "Whole movie", "Version #904", "Season 2", "S02E05". */
export function scopeLabel(target: Scoped, versionName?: (id: number) => string | undefined) {
  const pad = (n: number | null) => String(n ?? 0).padStart(2, '0');
  switch (target.scope) {
    case 'movie':
      return 'Whole movie';
    case 'series':
      return 'Whole series';
    case 'version':
      return (
        (target.movie_version_id !== null && versionName?.(target.movie_version_id)) ||
        `Version #${target.movie_version_id ?? '?'}`
      );
    case 'season':
      return `Season ${target.season_number ?? '?'}`;
    case 'episode':
      return `S${pad(target.season_number)}E${pad(target.episode_number)}`;
  }
}

/** The item's cleanup candidates: what is selected, its state and when it may go. */
export function CandidateTable({
  candidates,
  versionName,
}: {
  candidates: Schemas['Candidate'][];
  versionName: (id: number) => string | undefined;
}) {
  if (candidates.length === 0)
    return <EmptyState title="Not a candidate">No cleanup rule selects this item now.</EmptyState>;
  return (
    <TableScroll label="Cleanup candidates">
      <table className="list">
        <thead>
          <tr>
            <th scope="col">Target</th>
            <th scope="col">State</th>
            <th scope="col">Deadline</th>
            <th scope="col">Why</th>
          </tr>
        </thead>
        <tbody>
          {candidates.map((c) => (
            <tr key={c.id}>
              <td className="file-name">{scopeLabel(c, versionName)}</td>
              <td>
                <StateBadge state={c.auto_delete_state} />
                {c.blockers.map((b) => (
                  <span key={b} className="badge blocker">
                    {b.replace(/_/g, ' ')}
                  </span>
                ))}
              </td>
              <td>
                <DateTime value={c.auto_delete_eligible_at} relative />
              </td>
              <td className="small">{c.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** Protections in force on the item or its parts. */
export function ProtectionTable({
  protections,
  versionName,
}: {
  protections: Schemas['Protection'][];
  versionName: (id: number) => string | undefined;
}) {
  const active = protections.filter((p) => p.active);
  if (active.length === 0)
    return <EmptyState title="Not protected">Nothing protects this item from cleanup.</EmptyState>;
  return (
    <TableScroll label="Protections">
      <table className="list">
        <thead>
          <tr>
            <th scope="col">Target</th>
            <th scope="col">Source</th>
            <th scope="col">Until</th>
            <th scope="col">Reason</th>
          </tr>
        </thead>
        <tbody>
          {active.map((p) => (
            <tr key={p.id}>
              <td className="file-name">{scopeLabel(p, versionName)}</td>
              <td>
                <span className="badge state-protected">{p.source}</span>
              </td>
              <td>{p.permanent ? 'Permanent' : <DateTime value={p.expires_at} relative />}</td>
              <td className="small">{p.reason ?? <span className="muted">—</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
