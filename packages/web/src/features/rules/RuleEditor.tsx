import { useReducer } from 'react';
import { PageHeader } from '../../ui/PageHeader';
import { ProblemMessage } from '../../ui/ProblemMessage';
import { ActionSection } from './ActionSection';
import {
  editorReducer,
  MAX_GROUPS,
  newRuleState,
  stateFromRule,
  treeLimits,
} from './editorReducer';
import { GroupEditor } from './GroupEditor';
import type { RuleField, RuleView } from './model';
import { PreviewPanel } from './PreviewPanel';
import { RuleBasics } from './RuleBasics';
import { ruleSentence } from './ruleSentence';
import { SyncWarning } from './SyncWarning';
import { useRuleRequests } from './useRuleRequests';
import './rules.css';

/**
 * The rule editor: the rule as a sentence, its nested condition groups, its action, and the
 * preview or what-if diff beside it. Fields come in as props; requests go through the
 * injectable services (see services.tsx).
 */
export function RuleEditor({
  fields,
  rule,
  onSaved,
}: {
  fields: RuleField[];
  rule: RuleView | null;
  onSaved: (rule: RuleView) => void;
}) {
  const [state, dispatch] = useReducer(editorReducer, rule, (r) =>
    r ? stateFromRule(r) : newRuleState(),
  );
  const { save, preview, synced, errors, problem } = useRuleRequests(state, rule, onSaved);
  const canAddGroup = treeLimits(state.root).groups < MAX_GROUPS;
  const busy = save.isPending || preview.isPending;

  return (
    <>
      <PageHeader
        title={rule ? `Rule: ${rule.name}` : 'New rule'}
        actions={
          <>
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => preview.mutate('matches')}
            >
              Preview
            </button>
            {rule && (
              <button
                type="button"
                className="button"
                disabled={busy}
                onClick={() => preview.mutate('diff')}
              >
                Compare with saved
              </button>
            )}
            <button
              type="button"
              className="button primary"
              disabled={busy}
              onClick={() => save.mutate()}
            >
              {save.isPending ? 'Saving…' : 'Save rule'}
            </button>
          </>
        }
      />
      <p className="rule-sentence" aria-live="polite" aria-label="Rule in words">
        {ruleSentence({ root: state.root }, fields, state.scope)}
      </p>
      {errors.length > 0 && (
        <div className="problem" role="alert" aria-label="Problems with this rule">
          <p className="problem-title">
            This rule has {errors.length === 1 ? 'a problem' : `${errors.length} problems`}; fix{' '}
            {errors.length === 1 ? 'it' : 'them'} where marked.
          </p>
          <ul>
            {errors.map((e) => (
              <li key={`${e.name}:${e.message}`}>{e.message}</li>
            ))}
          </ul>
        </div>
      )}
      {problem && <ProblemMessage error={problem} />}
      <SyncWarning sync={synced.data} fields={fields} />
      <div className="rule-editor">
        <form
          className="rule-form"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate();
          }}
          noValidate
        >
          <RuleBasics state={state} errors={errors} dispatch={dispatch} />
          <section className="card" aria-labelledby="rule-conditions-title">
            <h2 id="rule-conditions-title">Conditions</h2>
            <GroupEditor
              group={state.root}
              path={[]}
              fields={fields}
              scope={state.scope}
              mediaType={state.mediaType}
              errors={errors}
              dispatch={dispatch}
              canAddGroup={canAddGroup}
            />
          </section>
          <ActionSection
            action={state.action}
            mediaType={state.mediaType}
            errors={errors}
            dispatch={dispatch}
          />
        </form>
        <aside className="rule-preview card" aria-label="Preview" aria-busy={preview.isPending}>
          <h2>{preview.variables === 'diff' ? 'Compared with the saved rule' : 'Preview'}</h2>
          {preview.data ? (
            <PreviewPanel result={preview.data} fields={fields} />
          ) : (
            <p className="muted">
              {preview.isPending
                ? 'Evaluating…'
                : 'Preview shows what this draft matches now, before you save it.'}
            </p>
          )}
        </aside>
      </div>
    </>
  );
}
