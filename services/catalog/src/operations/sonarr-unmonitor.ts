import type { OperationCommand } from './operation-intake';
import type { Check, Step } from './plan-steps';
import type { ArrHolder, TargetState } from './target.repository';

/** Sonarr's unmonitor of the target's scope: the series, its seasons, or its episodes. */
export function sonarrUnmonitor(
  command: OperationCommand,
  state: TargetState,
  holder: ArrHolder,
): { step: Step; check: Check } {
  const base = { system: 'sonarr' as const, serviceId: holder.serviceConfigId };
  const seriesId = holder.arrId;
  switch (command.target.scope) {
    case 'series':
      return {
        step: { ...base, call: 'unmonitorSeries', seriesId },
        check: { ...base, check: 'seriesUnmonitored', seriesId },
      };
    case 'season':
      return {
        step: { ...base, call: 'unmonitorSeasons', seriesId, seasons: state.seasonNumbers },
        check: { ...base, check: 'seasonsUnmonitored', seriesId, seasons: state.seasonNumbers },
      };
    case 'episode':
    case 'movie':
    case 'version':
      return {
        step: { ...base, call: 'unmonitorEpisodes', seriesId, episodeIds: holder.episodeIds },
        check: { ...base, check: 'episodesUnmonitored', seriesId, episodeIds: holder.episodeIds },
      };
  }
}
