import type { ReactNode } from 'react';

/**
 * One dashboard card of a fixed height, so a refetch or a missing part never moves the
 * others. `data === null` means the service that owns the part did not answer in time.
 */
export function DashboardCard<T>({
  id,
  title,
  data,
  wide = false,
  autoHeight = false,
  children,
}: {
  id: string;
  title: string;
  data: T | null | undefined;
  wide?: boolean;
  autoHeight?: boolean;
  children: (data: T) => ReactNode;
}) {
  const headingId = `dash-${id}`;
  return (
    <section
      className={`card dash-card${wide ? ' wide' : ''}${autoHeight ? ' auto-height' : ''}`}
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className="dash-card-title">
        {title}
      </h2>
      {data === null || data === undefined ? (
        <p className="muted dash-unavailable">Unavailable right now: the service did not answer.</p>
      ) : (
        children(data)
      )}
    </section>
  );
}

/** A big figure with its label under it. */
export function Figure({ value, label }: { value: ReactNode; label: string }) {
  return (
    <div className="dash-figure">
      <span className="dash-figure-value">{value}</span>
      <span className="dash-figure-label">{label}</span>
    </div>
  );
}
