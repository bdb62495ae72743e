import type { MessagePayload } from '@mcs/contracts';
import type { Clock } from '@mcs/kit';
import type { Tx } from '../db';
import type { ByKind } from '../domain/removal-guard';
import type { MediaEvents } from '../messaging/media-events';
import { announceResolved, resolveAlert } from '../alerts/alert.repository';
import {
  clearHeldRemovals,
  findConfirmation,
  heldRemovals,
  recordConfirmation,
  type HeldRemoval,
} from './pending-removal.repository';
import { removeEpisodeFiles, removeItems, removeVersions } from './removal-apply';

type ConfirmCommand = MessagePayload<'catalog.removals.confirm'>;

const ALERT = { kind: 'sync_mass_removal_blocked' } as const;

/**
 * An administrator confirmed the mass-removal alert (domain.md 2.11, decision 016): the held
 * items still missing are removed, as a sync would remove them (same rows, same events), the
 * held set is cleared and cleanup's job gets alert.resolved with what was removed. Items a sync
 * saw since the hold are no longer in the held set (the sync dropped them), and rows a sync
 * removed meanwhile are skipped by the removal itself.
 */
export class RemovalConfirmationService {
  constructor(private readonly deps: { events: MediaEvents; clock: Clock }) {}

  async confirm(tx: Tx, command: ConfirmCommand): Promise<void> {
    const { events, clock } = this.deps;
    const now = clock();
    const jobId = command.job_id;
    // The same job sent again: it must not confirm a set held since; it repeats the answer.
    const earlier = await findConfirmation(tx, jobId);
    if (earlier) {
      await announceResolved(
        tx,
        events,
        { ...ALERT, confirmation: { jobId, summary: earlier.summary } },
        now,
      );
      return;
    }
    const removed = await this.removeHeld(tx, await heldRemovals(tx, true), now);
    await clearHeldRemovals(tx);
    const summary = { removed };
    await recordConfirmation(tx, {
      jobId,
      by: command.confirmed_by_user_id,
      at: new Date(command.confirmed_at),
      summary,
    });
    await resolveAlert(tx, events, { ...ALERT, confirmation: { jobId, summary } }, now);
  }

  private async removeHeld(tx: Tx, held: HeldRemoval[], now: Date): Promise<ByKind<number>> {
    const { events } = this.deps;
    const of = (kind: HeldRemoval['kind']) => held.filter((entry) => entry.kind === kind);
    const ids = (kind: 'movie' | 'series') => of(kind).map((entry) => entry.id);
    // Replacements among held versions were announced by the sync that held them.
    const noReplacement = () => null;
    return {
      movie: await removeItems(tx, events, 'movie', ids('movie'), now),
      series: await removeItems(tx, events, 'series', ids('series'), now),
      version: await removeVersions(tx, events, of('version'), now, noReplacement),
      episode_file: await removeEpisodeFiles(tx, events, of('episode_file'), now),
    };
  }
}
