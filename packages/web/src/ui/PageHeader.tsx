import type { ReactNode } from 'react';

export function PageHeader({
  title,
  count,
  actions,
}: {
  title: string;
  count?: number | null;
  actions?: ReactNode;
}) {
  return (
    <header className="page-header">
      <h1>
        {title}
        {count !== undefined && count !== null && (
          <span className="count">{count.toLocaleString()}</span>
        )}
      </h1>
      {actions && <div className="page-actions">{actions}</div>}
    </header>
  );
}
