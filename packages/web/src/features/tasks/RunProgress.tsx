import type { Schemas } from '../../api/client';
import { formatFullDateTime, formatNumber, formatRelative } from '../../ui/format';

type Run = Schemas['TaskRunDetail'];

/**
 * The live row of a task: phase and progress of the active run, else when the last run ended.
 * It always has the same height, so polling updates never move the page.
 */
export function RunProgress({
  taskName,
  active,
  last,
}: {
  taskName: string;
  active: Run | null;
  last: Run | null;
}) {
  if (active) {
    const label = active.status === 'queued' ? 'Queued' : (active.phase ?? 'Running');
    return (
      <div className="run-progress" aria-live="polite">
        <div className="run-progress-text">
          <span className="badge state-scheduled">{active.status}</span>
          <span className="ellipsis" title={label}>
            {label}
          </span>
          {active.items_processed !== null && (
            <span className="muted small">{formatNumber(active.items_processed)} items</span>
          )}
          {active.progress !== null && (
            <span className="num small">{Math.round(active.progress)}%</span>
          )}
        </div>
        <div
          className="progress-track"
          role="progressbar"
          aria-label={`Progress of ${taskName}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={active.progress ?? undefined}
          aria-valuetext={
            active.progress === null ? label : `${Math.round(active.progress)}%, ${label}`
          }
        >
          <div
            className={active.progress === null ? 'progress-bar indeterminate' : 'progress-bar'}
            style={{ width: `${active.progress ?? 100}%` }}
          />
        </div>
      </div>
    );
  }
  return (
    <div className="run-progress">
      <div className="run-progress-text">
        {last ? (
          <>
            <span
              className={`badge ${last.status === 'error' ? 'state-failed' : 'state-completed'}`}
            >
              {last.status}
            </span>
            <span className="muted small ellipsis">
              Last run finished{' '}
              {last.completed_at ? (
                <time dateTime={last.completed_at} title={formatFullDateTime(last.completed_at)}>
                  {formatRelative(last.completed_at)}
                </time>
              ) : (
                '—'
              )}
            </span>
          </>
        ) : (
          <span className="muted small">Not run yet</span>
        )}
      </div>
      {last?.status === 'error' && last.error ? (
        <p className="run-error small ellipsis" title={last.error}>
          {last.error}
        </p>
      ) : (
        <div className="progress-track idle" aria-hidden />
      )}
    </div>
  );
}
