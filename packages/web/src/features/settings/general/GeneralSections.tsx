import { Field } from '../../../ui/Field';
import { fieldAria } from '../shared/aria';
import { NumberSetting } from './inputs';
import { MoreSections } from './MoreSections';
import { flagSetting, type SectionProps, type Settings } from './section-props';

const ARR_ACTIONS: Record<Settings['default_arr_action'], string> = {
  unmonitor: 'Unmonitor and delete the files',
  delete: 'Remove the entry and its files',
  unmonitor_only: 'Only unmonitor (keep the files)',
};

/** The general settings in groups, each input labelled with its unit and range. */
export function GeneralSections(props: SectionProps) {
  const { draft, set, error } = props;
  const flag = flagSetting(props);
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
      <MoreSections {...props} />
    </>
  );
}
