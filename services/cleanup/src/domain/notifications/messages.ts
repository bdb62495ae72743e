import type { MessagePayload } from '@mcs/contracts';
import type { AlertKind, AlertSeverity } from '../alerts';
import { type Target, targetTitle } from '../target';
import { formatBytes, line, plural } from './text';

/**
 * The six notifications administrators can subscribe a channel to (internal-api.md 6.1,
 * docs/decisions/026). cleanup decides them here and writes them to its outbox with the change
 * that caused them; webhooks delivers them. Pure: words, facts and the page to open.
 */
export type Notification = MessagePayload<'notification.requested'>;
export type NotificationEvent = Notification['event'];
type Fact = Notification['facts'][number];

/** The contract's limits (NotificationRequestedEvent). */
const MAX = { subject: 200, title: 200, message: 2000, facts: 10, label: 100, value: 200 };

interface Draft {
  event: NotificationEvent;
  subject: string;
  severity: AlertSeverity;
  title: string;
  message: string;
  facts: Array<[label: string, value: string | number]>;
  uiPage: '/' | '/candidates' | '/requests' | '/tasks';
  at: Date;
}

/** Every string cut to its limit: a notification never fails the change it reports. */
function notification(draft: Draft): Notification {
  return {
    event: draft.event,
    subject: line(draft.subject, MAX.subject, draft.event),
    severity: draft.severity,
    title: line(draft.title, MAX.title, 'Media Cleanup'),
    message: line(draft.message, MAX.message, draft.title),
    facts: draft.facts.slice(0, MAX.facts).map(([label, value]): Fact => ({
      label: line(label, MAX.label, '-'),
      value: line(String(value), MAX.value, '-'),
    })),
    ui_page: draft.uiPage,
    occurred_at: draft.at.toISOString(),
  };
}

export interface ScanDigest {
  runId: number;
  /** New candidates of this run, by the media type of their movie or series. */
  created: { movie: number; series: number };
  /** All candidates after the run. */
  totals: { candidates: number; reclaimableBytes: number };
  at: Date;
}

/** One digest per scan that created candidates (domain.md 4.1 step 7); none otherwise. */
export function newCandidatesNotification(scan: ScanDigest): Notification | null {
  const created = scan.created.movie + scan.created.series;
  if (created === 0) return null;
  const reclaimable = formatBytes(scan.totals.reclaimableBytes);
  return notification({
    event: 'new_cleanup_candidates',
    subject: `scan/${scan.runId}`,
    severity: 'info',
    title: `${plural(created, 'new cleanup candidate')} to review`,
    message:
      `The cleanup scan found ${plural(created, 'new candidate')}. ` +
      `${plural(scan.totals.candidates, 'candidate')} now wait for review, ${reclaimable} reclaimable.`,
    facts: [
      ['New candidates', created],
      ['Movies', scan.created.movie],
      ['Series', scan.created.series],
      ['Total candidates', scan.totals.candidates],
      ['Reclaimable', reclaimable],
    ],
    uiPage: '/candidates',
    at: scan.at,
  });
}

/** A request waiting for an administrator, as the request list shows it. */
export interface PendingRequest {
  kind: 'protection' | 'delete';
  id: number;
  target: Target;
  title: string | null;
  year: number | null;
  requestedByUserId: number;
  requestedByName: string | null;
  reason: string | null;
  /** Protection requests: days asked for, null for permanent. */
  durationDays: number | null;
}

const SCOPE_WORD: Record<Target['scope'], string> = {
  movie: 'movie',
  version: 'one version of the movie',
  series: 'whole series',
  season: 'season',
  episode: 'episode',
};

/** "Title (Year) S01E02": the target's root with its year, season and episode. */
export function targetName(
  media: { title: string | null; year: number | null },
  target: Target,
): string {
  const root =
    media.title === null ? null : media.year ? `${media.title} (${media.year})` : media.title;
  return targetTitle(root, target);
}

/** A user's protection or delete request that waits for an administrator (domain.md 8). */
export function requestNotification(request: PendingRequest, at: Date): Notification {
  const name = targetName(request, request.target);
  const who = request.requestedByName ?? `User ${request.requestedByUserId}`;
  const protection = request.kind === 'protection';
  const term = !protection
    ? null
    : request.durationDays === null
      ? 'permanently'
      : `for ${plural(request.durationDays, 'day')}`;
  const reason = request.reason ? ` Reason: ${request.reason}` : '';
  return notification({
    event: protection ? 'new_protection_request' : 'new_delete_request',
    subject: `request/${request.id}`,
    severity: 'info',
    title: `${protection ? 'Protection' : 'Deletion'} requested: ${name}`,
    message: `${who} asks to ${protection ? 'keep' : 'remove'} ${name}${term ? ` ${term}` : ''}.${reason}`,
    facts: [
      ['Requested by', who],
      ['Target', `${name} (${SCOPE_WORD[request.target.scope]})`],
      ['Reason', request.reason ?? 'None given'],
      ...(term ? [['Duration', term] as [string, string]] : []),
    ],
    uiPage: '/requests',
    at,
  });
}

/**
 * Kinds told under their own event: a channel subscribed to both `alert` and that event gets
 * one message (decision 026).
 */
const TOLD_ELSEWHERE: ReadonlySet<AlertKind> = new Set(['task_failure', 'delete_failed']);

const KIND_LABEL: Record<AlertKind, string> = {
  sync_mass_removal_blocked: 'Sync removals held back',
  auto_delete_circuit_breaker: 'Mass-deletion breaker',
  source_unavailable: 'Source unavailable',
  source_anomaly: 'Source anomaly',
  delete_failed: 'Deletion failing',
  task_failure: 'Task failure',
  main_server_changed: 'Main server changed',
  unidentified_items: 'Unidentified items',
};

/** An alert that became active (not a refresh of an active one); null for kinds told elsewhere. */
export function alertNotification(
  alert: { id: number; kind: AlertKind; severity: AlertSeverity; title: string; message: string },
  at: Date,
): Notification | null {
  if (TOLD_ELSEWHERE.has(alert.kind)) return null;
  return notification({
    event: 'alert',
    subject: `alert/${alert.id}`,
    severity: alert.severity,
    title: alert.title,
    message: alert.message,
    facts: [['Alert', KIND_LABEL[alert.kind]]],
    uiPage: '/',
    at,
  });
}

/**
 * A failed task run, per run and service: a task several services run (a sync, housekeeping)
 * fails in each of them separately, so the run's identity is both.
 */
export function taskFailureNotification(failure: MessagePayload<'task.run_failed'>): Notification {
  return notification({
    event: 'task_failure',
    subject: `run/${failure.run_id}/${failure.service}`,
    // The breaker's own alert says what to do; the run it stopped is only context.
    severity: failure.error_code === 'circuit_breaker_tripped' ? 'info' : 'warning',
    title: `Task ${failure.task_id} failed in ${failure.service}`,
    message: failure.error,
    facts: [
      ['Task', failure.task_id],
      ['Service', failure.service],
      ['Error', failure.error_code ? `${failure.error_code}: ${failure.error}` : failure.error],
      ['Run', failure.run_id],
    ],
    uiPage: '/tasks',
    at: new Date(failure.completed_at),
  });
}

/** `unmonitor` removes the files too (domain.md 3.7): to an administrator it is a delete. */
const VERB = {
  delete: 'Deleting',
  move: 'Moving',
  unmonitor: 'Deleting',
  unmonitor_only: 'Unmonitoring',
} as const;

/** A candidate's delete or move that catalog reported failed (domain.md 6.4). */
export function deleteFailedNotification(
  failure: {
    operationId: number;
    kind: keyof typeof VERB;
    title: string | null;
    year: number | null;
    target: Target;
    attempts: number;
    reason: string | null;
    /** Automatic attempts stop after this many failures in a row. */
    pausedAfter: number;
  },
  at: Date,
): Notification {
  const name = targetName(failure, failure.target);
  const reason = failure.reason ?? 'unknown';
  const paused = failure.attempts >= failure.pausedAfter ? ' Automatic attempts are paused.' : '';
  return notification({
    event: 'delete_failed',
    subject: `operation/${failure.operationId}`,
    severity: 'warning',
    title: `${VERB[failure.kind]} ${name} failed`,
    message: `${VERB[failure.kind]} ${name} failed (${reason}), ${plural(failure.attempts, 'failure')} in a row.${paused}`,
    facts: [
      ['Title', name],
      ['Attempts', failure.attempts],
      ['Reason', reason],
    ],
    uiPage: '/candidates',
    at,
  });
}
