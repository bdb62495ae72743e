import type { Schemas } from '../../api/client';

export type Dashboard = Schemas['Dashboard'];
export type Alert = Schemas['Alert'];
export type CandidateState = keyof Schemas['DashboardCandidates']['by_state'];

/** The candidate states in the order a reader follows them: what goes soon comes first. */
export const CANDIDATE_STATES: CandidateState[] = [
  'eligible',
  'scheduled',
  'postponed',
  'canceled',
  'disabled',
];

/** Each state's share of the total, in percent (0 when there are no candidates). */
export function stateShares(byState: Schemas['DashboardCandidates']['by_state']) {
  const total = CANDIDATE_STATES.reduce((sum, state) => sum + byState[state], 0);
  return CANDIDATE_STATES.map((state) => ({
    state,
    count: byState[state],
    percent: total === 0 ? 0 : (byState[state] / total) * 100,
  }));
}

/** Guard and breaker alerts are the only ones a confirmation acts on (domain §2.11, §6.2). */
export function isGuard(alert: Alert): boolean {
  return alert.kind === 'sync_mass_removal_blocked' || alert.kind === 'auto_delete_circuit_breaker';
}

export function isConfirmable(alert: Alert): boolean {
  return alert.actions.includes('confirm') && isGuard(alert);
}

function numberIn(data: Alert['data'], key: string): number | null {
  const value = data[key];
  return typeof value === 'number' ? value : null;
}

/** What confirming this alert does, in the words the dialog shows. */
export function confirmConsequence(alert: Alert): string {
  if (alert.kind === 'sync_mass_removal_blocked')
    return 'Confirming applies the removals the blocked sync held back: every held item that is still missing from the media server is removed from the library now (items seen again since are kept). Their candidates and protections go with them.';
  const items = numberIn(alert.data, 'items');
  const files = numberIn(alert.data, 'files');
  const what =
    items === null
      ? 'the candidates it held'
      : `the ${items.toLocaleString()} held candidates${files === null ? '' : ` (${files.toLocaleString()} files)`}`;
  return `Confirming lets the held automatic deletion run proceed: the next run (queued now) may delete or move ${what}, each checked again first. Candidates outside that set still count against the breaker; the confirmation expires after 24 hours.`;
}
