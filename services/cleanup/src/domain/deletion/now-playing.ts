import type { MessagePayload } from '@mcs/contracts';
import type { RootProjection } from '../rules/root-projection';
import type { Target } from '../target';

export type NowPlaying = NonNullable<MessagePayload<'media.inputs_refreshed'>['now_playing']>;

/**
 * Whether `target` (or, for a series or season, any of its episodes) is being played right now
 * (domain.md 6.1 step 4). A session on the series itself counts for every target of it, and a
 * movie's sessions for every version (servers do not always say which file plays). Pure.
 */
export function isPlaying(
  target: Target,
  root: RootProjection | undefined,
  playing: NowPlaying,
): boolean {
  const mine = playing.filter(
    (item) => item.media_type === target.mediaType && item.media_id === target.mediaId,
  );
  if (target.mediaType === 'movie' || target.scope === 'series') return mine.length > 0;
  const episodes = root?.mediaType === 'series' ? root.episodes : [];
  return mine.some((item) => {
    if (item.episode_id === null) return true;
    if (target.scope === 'episode') return item.episode_id === target.episodeId;
    const episode = episodes.find((row) => row.id === item.episode_id);
    // An episode not in the projection could be this season's: count it as playing.
    return !episode || episode.seasonId === target.seasonId;
  });
}
