import type { InternalApi } from '@mcs/contracts';
import { type AutoDeleteTimer, eligibleAt } from '../auto-delete';
import type { Scope, Target } from '../target';
import { sameTarget } from '../target-overlap';
import type { PageChanges } from './scan-page';

/**
 * The what-if diff of a draft rule (domain.md 4.4): a scan's decisions with the draft in place,
 * compared with the current candidates. Pure; the service feeds it page by page.
 */

/** A current candidate as the diff compares it. */
export interface BaselineCandidate extends Target, AutoDeleteTimer {
  id: number;
  title: string;
  configured: boolean;
  delayDays: number;
}

type Wire = InternalApi.components['schemas']['RuleDiff'];
export type DiffSummary = Wire['summary'];

export interface RuleDiff {
  summary: DiffSummary;
  added: { target: Target; title: string; auto_delete: boolean; eligible_at: string | null }[];
  removed: { candidate_id: number; title: string; target: Target }[];
  retimed: Wire['retimed'];
  truncated: boolean;
}

/** Each list stops here; the summary still counts everything. */
export const DIFF_CAP = 500;

export function emptyDiff(): RuleDiff {
  return {
    summary: {
      added: 0,
      removed: 0,
      retimed_earlier: 0,
      retimed_later: 0,
      newly_auto_delete: 0,
      no_longer_auto_delete: 0,
      unchanged: 0,
      unknown: 0,
    },
    added: [],
    removed: [],
    retimed: [],
    truncated: false,
  };
}

/**
 * Adds one page: `changes` is what a scan with the draft would decide for the page's roots,
 * `baseline` the page's current candidates, `scopes` the candidate scopes the draft can affect,
 * `leftover` those of them left without any enabled candidate rule, whose candidates a scan
 * removes whatever their target (domain.md 4.1 step 1).
 */
export function addPage(
  diff: RuleDiff,
  page: {
    changes: PageChanges;
    baseline: readonly BaselineCandidate[];
    scopes: ReadonlySet<Scope>;
    leftover: ReadonlySet<Scope>;
    titleOf: (target: Target) => string;
    now: Date;
  },
): void {
  const inScope = page.baseline.filter((candidate) => page.scopes.has(candidate.scope));
  for (const upsert of page.changes.upserts) {
    if (!page.scopes.has(upsert.target.scope)) continue;
    const current = inScope.find((candidate) => sameTarget(candidate, upsert.target));
    const configured = upsert.policy.configured;
    if (!current) {
      diff.summary.added += 1;
      push(diff, diff.added, {
        target: upsert.target,
        title: page.titleOf(upsert.target),
        auto_delete: configured,
        eligible_at: configured
          ? new Date(page.now.getTime() + upsert.policy.delayDays * 86_400_000).toISOString()
          : null,
      });
      continue;
    }
    compare(diff, current, { configured, delayDays: upsert.policy.delayDays });
  }
  const removed = new Set(page.changes.removeIds);
  const gone = inScope.filter((c) => removed.has(c.id) || page.leftover.has(c.scope));
  for (const candidate of gone) {
    diff.summary.removed += 1;
    push(diff, diff.removed, {
      candidate_id: candidate.id,
      title: candidate.title,
      target: candidate,
    });
  }
  diff.summary.unknown += page.changes.unknown;
}

function compare(
  diff: RuleDiff,
  current: BaselineCandidate,
  next: { configured: boolean; delayDays: number },
): void {
  if (next.configured !== current.configured) {
    if (next.configured) diff.summary.newly_auto_delete += 1;
    else diff.summary.no_longer_auto_delete += 1;
    return;
  }
  const before = eligibleAt(current, current.delayDays);
  const after = eligibleAt(current, next.delayDays);
  if (!next.configured || before.getTime() === after.getTime()) {
    diff.summary.unchanged += 1;
    return;
  }
  const direction = after < before ? 'earlier' : 'later';
  diff.summary[direction === 'earlier' ? 'retimed_earlier' : 'retimed_later'] += 1;
  push(diff, diff.retimed, {
    candidate_id: current.id,
    title: current.title,
    old_eligible_at: before.toISOString(),
    new_eligible_at: after.toISOString(),
    direction,
  });
}

function push<T>(diff: RuleDiff, list: T[], item: T): void {
  if (list.length < DIFF_CAP) list.push(item);
  else diff.truncated = true;
}
