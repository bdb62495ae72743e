/** Placeholder rows of the final size, so content replaces them without a layout shift. */
export function Skeleton({ rows = 5, height = 48 }: { rows?: number; height?: number }) {
  return (
    <div className="skeleton" aria-busy="true" aria-label="Loading">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="skeleton-row" style={{ height }} />
      ))}
    </div>
  );
}
