import { formatDateTime, formatFullDateTime, formatRelative } from './format';

/**
 * A timestamp in the browser's time zone, "in 5 days" beside it, the full form on hover. The
 * full form names the time zone, and the first formatter that does loads the zone names (tens
 * of ms, bench/web): it is written when the pointer first comes, not for every row of a page.
 */
export function DateTime({
  value,
  relative = false,
}: {
  value: string | null | undefined;
  relative?: boolean;
}) {
  if (!value) return <span className="muted">—</span>;
  return (
    <time
      dateTime={value}
      onPointerEnter={(event) => {
        event.currentTarget.title = formatFullDateTime(value);
      }}
    >
      {formatDateTime(value)}
      {relative && <span className="muted"> · {formatRelative(value)}</span>}
    </time>
  );
}
