import { formatDateTime, formatFullDateTime, formatRelative } from './format';

/** A timestamp in the browser's time zone, "in 5 days" beside it, the full form on hover. */
export function DateTime({
  value,
  relative = false,
}: {
  value: string | null | undefined;
  relative?: boolean;
}) {
  if (!value) return <span className="muted">—</span>;
  return (
    <time dateTime={value} title={formatFullDateTime(value)}>
      {formatDateTime(value)}
      {relative && <span className="muted"> · {formatRelative(value)}</span>}
    </time>
  );
}
