import { operationSummary, type ManualKind } from './operation-summary';
import type { Selected } from './target';

/** The confirmation's words: the headline, then each candidate with its size and route. */
export function OperationSummaryText({
  kind,
  items,
}: {
  kind: ManualKind;
  items: readonly Selected[];
}) {
  const { headline, from, lines } = operationSummary(kind, items);
  return (
    <>
      <p className="summary-headline">{headline}</p>
      <p>{from}</p>
      <ul className="summary-lines">
        {lines.map((line, i) => (
          <li key={items[i]?.candidate.id ?? i}>{line}</li>
        ))}
      </ul>
      {kind === 'delete' && <p className="muted small">Deleted files cannot be restored.</p>}
    </>
  );
}
