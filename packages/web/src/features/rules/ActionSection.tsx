import type { Dispatch } from 'react';
import { Field } from '../../ui/Field';
import type { EditorAction } from './editorReducer';
import { ArrInstances } from './ArrInstances';
import type { MediaType, RuleAction } from './model';
import { errorAt, type RuleError } from './ruleErrors';

const ARR_ACTIONS: { value: NonNullable<RuleAction['arr_action']>; label: string }[] = [
  { value: 'delete', label: 'Delete files and remove from Radarr/Sonarr' },
  { value: 'unmonitor', label: 'Delete files, keep unmonitored' },
  { value: 'unmonitor_only', label: 'Only unmonitor, keep files' },
];

/** What a match does (domain.md §3.7); a protect rule has no destructive settings. */
export function ActionSection({
  action,
  mediaType,
  errors,
  dispatch,
}: {
  action: RuleAction;
  mediaType: MediaType;
  errors: RuleError[];
  dispatch: Dispatch<EditorAction>;
}) {
  const set = (patch: Partial<RuleAction>) => dispatch({ type: 'set_action', patch });
  const err = (name: string) => errorAt(errors, `action.${name}`);
  const protect = action.outcome === 'protect';
  return (
    <section className="card rule-action" aria-labelledby="rule-action-title">
      <h2 id="rule-action-title">Action</h2>
      <fieldset className="radio-row">
        <legend>Outcome</legend>
        <label className="inline-check">
          <input
            type="radio"
            name="outcome"
            checked={!protect}
            onChange={() =>
              set({
                outcome: 'candidate',
                arr_action: action.arr_action ?? 'delete',
                media_server_action: 'delete',
                tag_enabled: true,
              })
            }
          />
          Make candidates for cleanup
        </label>
        <label className="inline-check">
          <input
            type="radio"
            name="outcome"
            checked={protect}
            onChange={() => set({ outcome: 'protect' })}
          />
          Protect (never clean up)
        </label>
      </fieldset>
      {protect ? (
        <p className="muted">
          Matching items are protected. Deletion, tagging and auto-delete are off for protect rules.
        </p>
      ) : (
        <div className="grid action-grid">
          <Field label="Radarr/Sonarr action" htmlFor="rule-arr-action" error={err('arr_action')}>
            <select
              id="rule-arr-action"
              value={action.arr_action ?? 'delete'}
              onChange={(e) =>
                set({
                  arr_action:
                    ARR_ACTIONS.find((a) => a.value === e.target.value)?.value ?? 'delete',
                })
              }
            >
              {ARR_ACTIONS.map((a) => (
                <option key={a.value} value={a.value}>
                  {a.label}
                </option>
              ))}
            </select>
          </Field>
          <Field
            label="When no Radarr/Sonarr can act"
            htmlFor="rule-server-action"
            error={err('media_server_action')}
          >
            <select
              id="rule-server-action"
              value={action.media_server_action}
              onChange={(e) =>
                set({ media_server_action: e.target.value === 'none' ? 'none' : 'delete' })
              }
            >
              <option value="delete">Let the media server delete it</option>
              <option value="none">Leave it</option>
            </select>
          </Field>
          <label className="inline-check">
            <input
              type="checkbox"
              checked={action.auto_delete_enabled}
              onChange={(e) => set({ auto_delete_enabled: e.target.checked })}
            />
            Delete automatically
          </label>
          <Field
            label="Auto-delete delay (days)"
            htmlFor="rule-delay"
            error={err('auto_delete_delay_days')}
            hint="Empty uses the global delay of the media type."
          >
            <input
              id="rule-delay"
              type="number"
              min={0}
              max={3650}
              step={1}
              disabled={!action.auto_delete_enabled}
              value={action.auto_delete_delay_days ?? ''}
              onChange={(e) =>
                set({
                  auto_delete_delay_days: e.target.value === '' ? null : Number(e.target.value),
                })
              }
            />
          </Field>
          <label className="inline-check">
            <input
              type="checkbox"
              checked={action.move_instead_of_delete}
              onChange={(e) => set({ move_instead_of_delete: e.target.checked })}
            />
            Move files instead of deleting
          </label>
          {err('move_instead_of_delete') && (
            <p className="field-error" role="alert">
              {err('move_instead_of_delete')}
            </p>
          )}
          <label className="inline-check">
            <input
              type="checkbox"
              checked={action.tag_enabled}
              onChange={(e) => set({ tag_enabled: e.target.checked })}
            />
            Tag matches in Radarr/Sonarr
          </label>
          <Field
            label="Tag"
            htmlFor="rule-tag"
            error={err('arr_tag')}
            hint="mcs-…; empty derives it from the name."
          >
            <input
              id="rule-tag"
              type="text"
              maxLength={50}
              disabled={!action.tag_enabled}
              value={action.arr_tag ?? ''}
              onChange={(e) =>
                set({ arr_tag: e.target.value === '' ? null : e.target.value.toLowerCase() })
              }
            />
          </Field>
          <ArrInstances
            action={action}
            mediaType={mediaType}
            error={err(mediaType === 'movie' ? 'radarr_service_ids' : 'sonarr_service_ids')}
            onChange={set}
          />
        </div>
      )}
    </section>
  );
}
