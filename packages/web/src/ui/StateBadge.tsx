/** A candidate's (or request's) state in its semantic colour, with the word always visible. */
export function StateBadge({ state }: { state: string }) {
  return <span className={`badge state-${state}`}>{state.replace(/_/g, ' ')}</span>;
}
