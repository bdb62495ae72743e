import type { Schemas } from '../../api/client';
import { DateTime } from '../../ui/DateTime';
import { formatNumber } from '../../ui/format';
import { operatorLabel } from './fields';
import { displayValue, type RuleField } from './model';
import type { PreviewResult } from './services';

type Preview = Schemas['RulePreview'];
type Diff = Schemas['RuleDiff'];
type Target = Schemas['PreviewTarget'];

function targetTitle(t: Target): string {
  if (t.episode_number !== null && t.season_number !== null)
    return `${t.title} S${String(t.season_number).padStart(2, '0')}E${String(t.episode_number).padStart(2, '0')}`;
  if (t.season_number !== null) return `${t.title} season ${t.season_number}`;
  return t.title;
}

function show(value: unknown): string {
  if (value === null || value === undefined) return 'absent';
  return displayValue(value);
}

function Counts({ entries, label }: { entries: [string, number][]; label: string }) {
  return (
    <dl className="preview-counts" aria-label={label}>
      {entries.map(([name, n]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd className="num">{formatNumber(n)}</dd>
        </div>
      ))}
    </dl>
  );
}

function Matches({ preview, fields }: { preview: Preview; fields: RuleField[] }) {
  const s = preview.summary;
  const label = (field: string) => fields.find((f) => f.field === field)?.label ?? field;
  return (
    <>
      <Counts
        label="Preview summary"
        entries={[
          ['Evaluated', s.evaluated],
          ['Matched', s.matched],
          ['Unknown', s.unknown],
          ['No match', s.no_match],
          ['Already protected', s.already_protected],
          ['Already candidates', s.already_candidates],
          ['Would be scheduled', s.would_schedule],
        ]}
      />
      {preview.items.length === 0 ? (
        <p className="muted">Nothing matches this rule now.</p>
      ) : (
        <ul className="preview-items">
          {preview.items.map((item) => (
            <li
              key={`${item.target.media_id}-${item.target.movie_version_id}-${item.target.season_id}-${item.target.episode_id}`}
              className="card"
            >
              <p className="preview-title">
                <strong>{targetTitle(item.target)}</strong>{' '}
                <span
                  className={`badge state-${item.verdict === 'match' ? 'eligible' : 'pending'}`}
                >
                  {item.verdict}
                </span>
                {item.protected && <span className="badge state-protected">protected</span>}
                {item.existing_candidate_id !== null && (
                  <span className="badge">already a candidate</span>
                )}
              </p>
              <ul className="preview-conditions">
                {item.conditions.map((c) => (
                  <li key={c.path}>
                    {label(c.field)} {operatorLabel(c.operator)} {show(c.value)} — actual{' '}
                    <strong>{show(c.actual)}</strong>:{' '}
                    <span className={`result-${c.result}`}>{c.result.replace('_', ' ')}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
      {preview.total > preview.items.length && (
        <p className="muted small">
          Showing {preview.items.length} of {formatNumber(preview.total)}.
        </p>
      )}
    </>
  );
}

function DiffView({ diff }: { diff: Diff }) {
  const s = diff.summary;
  return (
    <>
      <Counts
        label="Difference with the saved rule"
        entries={[
          ['Added', s.added],
          ['Removed', s.removed],
          ['Earlier', s.retimed_earlier],
          ['Later', s.retimed_later],
          ['Auto-delete on', s.newly_auto_delete],
          ['Auto-delete off', s.no_longer_auto_delete],
          ['Unchanged', s.unchanged],
          ['Unknown', s.unknown],
        ]}
      />
      <h3>Added</h3>
      {diff.added.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <ul>
          {diff.added.map((a) => (
            <li
              key={`${a.target.media_id}-${a.target.movie_version_id}-${a.target.episode_id}-${a.target.season_id}`}
            >
              {targetTitle(a.target)}
              {a.eligible_at && (
                <>
                  {' '}
                  — eligible <DateTime value={a.eligible_at} relative />
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <h3>Removed</h3>
      {diff.removed.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <ul>
          {diff.removed.map((r) => (
            <li key={r.candidate_id}>{targetTitle(r.target)}</li>
          ))}
        </ul>
      )}
      <h3>Retimed</h3>
      {diff.retimed.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <ul>
          {diff.retimed.map((r) => (
            <li key={r.candidate_id}>
              {r.title}: <DateTime value={r.old_eligible_at} /> →{' '}
              <DateTime value={r.new_eligible_at} /> ({r.direction})
            </li>
          ))}
        </ul>
      )}
      {diff.truncated && (
        <p className="muted small">Lists are cut at 500 entries; the counts include everything.</p>
      )}
    </>
  );
}

/** The preview (what matches, and why) or the what-if diff against the saved rule. */
export function PreviewPanel({ result, fields }: { result: PreviewResult; fields: RuleField[] }) {
  return 'items' in result ? (
    <Matches preview={result} fields={fields} />
  ) : (
    <DiffView diff={result} />
  );
}
