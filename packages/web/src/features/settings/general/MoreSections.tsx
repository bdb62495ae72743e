import { NumberSetting, TextSetting } from './inputs';
import { flagSetting, type SectionProps } from './section-props';
import { PathMappings } from './PathMappings';

/** Moves, metadata, retention and access: the less often changed general settings. */
export function MoreSections(props: SectionProps) {
  const { draft, set, error, problem } = props;
  const flag = flagSetting(props);
  return (
    <>
      <fieldset>
        <legend>Moves</legend>
        <div className="form-grid">
          <TextSetting
            id="gs-move-movies"
            label="Move destination for movies"
            value={draft.move_destination_movies}
            onChange={(v) => set('move_destination_movies', v)}
            error={error('move_destination_movies')}
            hint="Absolute folder; empty disables moving movies."
            placeholder="/mnt/archive/movies"
          />
          <TextSetting
            id="gs-move-series"
            label="Move destination for series"
            value={draft.move_destination_series}
            onChange={(v) => set('move_destination_series', v)}
            error={error('move_destination_series')}
            hint="Absolute folder; empty disables moving series."
            placeholder="/mnt/archive/series"
          />
        </div>
        <h3 className="small">Path mappings</h3>
        <PathMappings
          value={draft.path_mappings}
          onChange={(v) => set('path_mappings', v)}
          problem={problem}
        />
      </fieldset>
      <fieldset>
        <legend>Metadata</legend>
        <div className="form-grid">
          <TextSetting
            id="gs-tmdb-key"
            type="password"
            label="TMDB API key"
            value={draft.tmdb_api_key}
            onChange={(v) => set('tmdb_api_key', v)}
            error={error('tmdb_api_key')}
            hint={
              draft.tmdb_api_key === '********'
                ? 'A key is stored; leave it to keep it, clear it to remove it.'
                : 'API key or read access token; stored encrypted.'
            }
          />
          <TextSetting
            id="gs-tmdb-url"
            type="url"
            label="TMDB base URL"
            value={draft.tmdb_base_url}
            onChange={(v) => set('tmdb_base_url', v ?? '')}
            error={error('tmdb_base_url')}
          />
          <TextSetting
            id="gs-imdb-url"
            type="url"
            label="IMDb ratings dataset URL"
            value={draft.imdb_ratings_url}
            onChange={(v) => set('imdb_ratings_url', v ?? '')}
            error={error('imdb_ratings_url')}
          />
        </div>
        {flag('imdb_ratings_enabled', 'Import IMDb ratings', 'At most once a day.')}
      </fieldset>
      <fieldset>
        <legend>Events and retention</legend>
        <div className="form-grid">
          <NumberSetting
            id="gs-retention"
            label="Event retention"
            unit="days"
            min={7}
            max={3650}
            value={draft.event_retention_days}
            onChange={(v) => set('event_retention_days', v)}
            error={error('event_retention_days')}
            hint="Older feed events are pruned once delivered (7…3650)."
          />
        </div>
        {flag(
          'webhook_block_private_destinations',
          'Block private webhook destinations',
          'Refuse webhook and notification URLs on private networks too.',
        )}
      </fieldset>
      <fieldset>
        <legend>Access and updates</legend>
        <TextSetting
          id="gs-public-url"
          type="url"
          label="Public URL"
          value={draft.public_url}
          onChange={(v) => set('public_url', v)}
          error={error('public_url')}
          hint="Where people open this UI, e.g. https://mcs.example.org. Links in notifications and the OIDC redirect URI use it."
        />
        {flag(
          'users_can_view_candidates',
          'Users can view candidates',
          'Not only administrators may open the Candidates page.',
        )}
        {flag(
          'update_check_enabled',
          'Check for updates',
          'Weekly housekeeping looks for a newer version.',
        )}
      </fieldset>
    </>
  );
}
