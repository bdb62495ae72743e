import type { Problem } from '../../../api/problem';
import { Field } from '../../../ui/Field';
import { fieldAria } from '../shared/aria';
import { Checkbox } from '../shared/Checkbox';
import type { Settings } from './GeneralTab';
import { NumberSetting, TextSetting } from './inputs';
import { PathMappings } from './PathMappings';

const ARR_ACTIONS: Record<Settings['default_arr_action'], string> = {
  unmonitor: 'Unmonitor and delete the files',
  delete: 'Remove the entry and its files',
  unmonitor_only: 'Only unmonitor (keep the files)',
};

/** The general settings in groups, each input labelled with its unit and range. */
export function GeneralSections({
  draft,
  set,
  error,
  problem,
}: {
  draft: Settings;
  set: <K extends keyof Settings>(key: K, value: Settings[K]) => void;
  error: (key: keyof Settings) => string | undefined;
  problem: Problem | null;
}) {
  const flag = (
    key:
      | 'arr_add_import_exclusion'
      | 'media_server_fallback_enabled'
      | 'users_can_view_candidates'
      | 'imdb_ratings_enabled'
      | 'webhook_block_private_destinations'
      | 'update_check_enabled',
    label: string,
    description: string,
  ) => (
    <Checkbox
      id={`gs-${key}`}
      label={label}
      description={description}
      checked={draft[key]}
      onChange={(v) => set(key, v)}
    />
  );
  return (
    <>
      <fieldset>
        <legend>Review delays</legend>
        <div className="form-grid">
          <NumberSetting
            id="gs-movie-delay"
            label="Movie delay"
            unit="days"
            min={0}
            max={3650}
            value={draft.auto_delete_movie_delay_days}
            onChange={(v) => set('auto_delete_movie_delay_days', v)}
            error={error('auto_delete_movie_delay_days')}
            hint="Time to review a movie candidate before auto-delete (0…3650)."
          />
          <NumberSetting
            id="gs-series-delay"
            label="Series delay"
            unit="days"
            min={0}
            max={3650}
            value={draft.auto_delete_series_delay_days}
            onChange={(v) => set('auto_delete_series_delay_days', v)}
            error={error('auto_delete_series_delay_days')}
            hint="Rules may set their own delay."
          />
        </div>
      </fieldset>
      <fieldset>
        <legend>Auto-delete safety</legend>
        <div className="form-grid">
          <NumberSetting
            id="gs-breaker-items"
            label="Circuit breaker: most items per run"
            unit="items"
            min={0}
            max={100000}
            value={draft.auto_delete_breaker_max_items}
            onChange={(v) => set('auto_delete_breaker_max_items', v)}
            error={error('auto_delete_breaker_max_items')}
            hint="A run with more eligible candidates stops and raises an alert."
          />
          <NumberSetting
            id="gs-breaker-share"
            label="Circuit breaker: largest share of the library"
            unit="%"
            min={0}
            max={1}
            step={0.1}
            scale={100}
            value={draft.auto_delete_breaker_max_share}
            onChange={(v) => set('auto_delete_breaker_max_share', v)}
            error={error('auto_delete_breaker_max_share')}
          />
          <NumberSetting
            id="gs-guard"
            label="Sync guard: most items missing"
            unit="% of the library"
            min={0}
            max={1}
            step={0.1}
            scale={100}
            value={draft.sync_removal_guard_ratio}
            onChange={(v) => set('sync_removal_guard_ratio', v)}
            error={error('sync_removal_guard_ratio')}
            hint="A sync missing more holds its removals until confirmed."
          />
          <NumberSetting
            id="gs-pacing"
            label="Pause between file operations"
            unit="seconds"
            min={0}
            max={60}
            value={draft.delete_pacing_seconds}
            onChange={(v) => set('delete_pacing_seconds', v)}
            error={error('delete_pacing_seconds')}
          />
        </div>
      </fieldset>
      <fieldset>
        <legend>Radarr, Sonarr and the media server</legend>
        <Field
          label="Default Arr action"
          htmlFor="gs-arr-action"
          error={error('default_arr_action')}
          hint="For delete requests and manual actions that no rule decides."
        >
          <select
            id="gs-arr-action"
            value={draft.default_arr_action}
            onChange={(e) => {
              const action = (Object.keys(ARR_ACTIONS) as Settings['default_arr_action'][]).find(
                (a) => a === e.target.value,
              );
              if (action) set('default_arr_action', action);
            }}
            {...fieldAria('gs-arr-action', error('default_arr_action'), true)}
          >
            {Object.entries(ARR_ACTIONS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </Field>
        {flag(
          'arr_add_import_exclusion',
          'Add an import exclusion',
          'So Radarr or Sonarr does not download a removed item again.',
        )}
        {flag(
          'media_server_fallback_enabled',
          'Media server fallback',
          'Let the main media server delete what no Arr instance holds.',
        )}
      </fieldset>
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
