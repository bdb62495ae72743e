import type { Dispatch } from 'react';
import { Field } from '../../ui/Field';
import type { EditorAction, EditorState } from './editorReducer';
import { SCOPES_BY_MEDIA, SCOPE_LABEL } from './model';
import { errorAt, type RuleError } from './ruleErrors';

/** Name, description, media type and target scope. */
export function RuleBasics({
  state,
  errors,
  dispatch,
}: {
  state: EditorState;
  errors: RuleError[];
  dispatch: Dispatch<EditorAction>;
}) {
  const nameError = errorAt(errors, 'name');
  const descError = errorAt(errors, 'description');
  return (
    <section className="card grid rule-basics" aria-label="Rule">
      <Field label="Name" htmlFor="rule-name" error={nameError}>
        <input
          id="rule-name"
          type="text"
          required
          maxLength={100}
          value={state.name}
          aria-invalid={Boolean(nameError) || undefined}
          aria-describedby={nameError ? 'rule-name-error' : undefined}
          onChange={(e) => dispatch({ type: 'set_text', name: e.target.value })}
        />
      </Field>
      <Field label="Description" htmlFor="rule-description" error={descError}>
        <textarea
          id="rule-description"
          rows={2}
          maxLength={1000}
          value={state.description}
          onChange={(e) => dispatch({ type: 'set_text', description: e.target.value })}
        />
      </Field>
      <Field label="Media type" htmlFor="rule-media-type" error={errorAt(errors, 'media_type')}>
        <select
          id="rule-media-type"
          value={state.mediaType}
          onChange={(e) =>
            dispatch({
              type: 'set_media_type',
              mediaType: e.target.value === 'series' ? 'series' : 'movie',
            })
          }
        >
          <option value="movie">Movies</option>
          <option value="series">Series</option>
        </select>
      </Field>
      <Field
        label="Target scope"
        htmlFor="rule-scope"
        error={errorAt(errors, 'target_scope')}
        hint={state.mediaType === 'movie' ? 'Each movie file is judged on its own.' : undefined}
      >
        <select
          id="rule-scope"
          value={state.scope}
          onChange={(e) => {
            const scope = SCOPES_BY_MEDIA[state.mediaType].find((s) => s === e.target.value);
            if (scope) dispatch({ type: 'set_scope', scope });
          }}
        >
          {SCOPES_BY_MEDIA[state.mediaType].map((s) => (
            <option key={s} value={s}>
              {SCOPE_LABEL[s]}
            </option>
          ))}
        </select>
      </Field>
      <label className="inline-check">
        <input
          type="checkbox"
          checked={state.enabled}
          onChange={(e) => dispatch({ type: 'set_enabled', enabled: e.target.checked })}
        />
        Enabled
      </label>
    </section>
  );
}
