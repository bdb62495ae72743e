import { SYSTEM_ACTOR } from '../domain/actor';
import type { MediaKey, Target } from '../domain/target';
import type { LifecycleEvents } from '../events/lifecycle-events';
import type { MediaLinksPublisher } from '../events/media-links';
import { findCandidates } from './candidate-query.repository';
import { removeCandidateOfTarget, removeCandidates } from './candidate.repository';
import {
  type CandidateMatch,
  markAnnounced,
  upsertCandidates,
} from './candidate-upsert.repository';
import type { Tx } from '../db';
import { candidateView } from './candidate.view';

/**
 * What a cleanup scan does to candidates (domain.md 4.1 steps 5-6), in the scan's transaction.
 * A target that keeps matching keeps its candidate; one that stops is removed without an
 * event, so a later match is a new candidate with a new timer and no cancel or postponement.
 */
export class CandidateContinuity {
  constructor(private readonly deps: { events: LifecycleEvents; links: MediaLinksPublisher }) {}

  /** Creates or refreshes the candidates of matching targets. */
  async upsert(tx: Tx, matches: CandidateMatch[], now: Date) {
    const results = await upsertCandidates(tx, matches, now);
    await this.deps.links.publish(
      tx,
      matches.map((match) => match.target),
      now,
    );
    return results;
  }

  /** Removes the candidates of targets that definitely no longer match. */
  async remove(tx: Tx, targets: Target[], now: Date): Promise<void> {
    const changed: MediaKey[] = [];
    for (const target of targets) changed.push(...(await removeCandidateOfTarget(tx, target)));
    await this.deps.links.publish(tx, changed, now);
  }

  /** Removes candidates by id (a scan's excluded, unmatched and orphaned candidates). */
  async removeIds(tx: Tx, ids: number[], now: Date): Promise<number> {
    const changed = await removeCandidates(tx, ids);
    await this.deps.links.publish(tx, changed, now);
    return changed.length;
  }

  /**
   * Announces candidates whose automatic deletion became active (`candidate.scheduled`, actor
   * system, ascending id) and un-marks unconfigured ones. Returns the announced ids.
   */
  async announce(tx: Tx, now: Date, ids?: number[]): Promise<number[]> {
    const announced = await markAnnounced(tx, now, ids);
    const records = await findCandidates(tx, announced, now);
    await this.deps.events.candidates(
      tx,
      'candidate.scheduled',
      records.map((record) => candidateView(record, now)),
      SYSTEM_ACTOR,
      now,
    );
    return announced;
  }
}
