import type { ReactNode } from 'react';

/** A table that scrolls sideways on narrow screens, reachable by keyboard to scroll it. */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" role="region" aria-label={`${label} table`} tabIndex={0}>
      {children}
    </div>
  );
}
