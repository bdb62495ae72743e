import { Trash2 } from 'lucide-react';
import type { Dispatch } from 'react';
import { Field } from '../../ui/Field';
import type { EditorAction } from './editorReducer';
import { fieldsBySource, operatorLabel, valueKind } from './fields';
import {
  wireName,
  type ConditionNode,
  type MediaType,
  type NodePath,
  type RuleField,
  type TargetScope,
} from './model';
import { errorAt, errorsUnder, type RuleError } from './ruleErrors';
import { ValueInput } from './ValueInput';

/** One condition: field (grouped by source), that field's operators, a value that fits. */
export function ConditionRow({
  node,
  path,
  fields,
  scope,
  mediaType,
  errors,
  dispatch,
}: {
  node: ConditionNode;
  path: NodePath;
  fields: RuleField[];
  scope: TargetScope;
  mediaType: MediaType;
  errors: RuleError[];
  dispatch: Dispatch<EditorAction>;
}) {
  const id = `cond-${node.id}`;
  const name = wireName(path);
  const field = fields.find((f) => f.field === node.field);
  const kind = valueKind(field, node.operator);
  const names = ['field', 'operator', 'value'].map((leaf) => `${name}.${leaf}`);
  const [fieldError, operatorError, valueError] = names.map((n) => errorAt(errors, n));
  const other = errorsUnder(errors, name, names);
  const known = fieldsBySource(fields, scope);
  const outOfScope =
    node.field !== '' && !known.some(([, list]) => list.some((f) => f.field === node.field));

  return (
    <li className={node.enabled ? 'condition' : 'condition disabled'}>
      <div className="condition-controls">
        <Field label="Field" htmlFor={`${id}-field`} error={fieldError}>
          <select
            id={`${id}-field`}
            value={node.field}
            aria-invalid={Boolean(fieldError) || undefined}
            aria-describedby={fieldError ? `${id}-field-error` : undefined}
            onChange={(e) =>
              dispatch({
                type: 'set_field',
                path,
                field: fields.find((f) => f.field === e.target.value),
              })
            }
          >
            <option value="">Choose a field…</option>
            {outOfScope && (
              <option value={node.field}>{field?.label ?? node.field} (not for this scope)</option>
            )}
            {known.map(([source, list]) => (
              <optgroup key={source} label={source}>
                {list.map((f) => (
                  <option key={f.field} value={f.field}>
                    {f.label}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </Field>
        <Field label="Operator" htmlFor={`${id}-operator`} error={operatorError}>
          <select
            id={`${id}-operator`}
            value={node.operator}
            disabled={!field}
            aria-invalid={Boolean(operatorError) || undefined}
            aria-describedby={operatorError ? `${id}-operator-error` : undefined}
            onChange={(e) =>
              dispatch({ type: 'set_operator', path, operator: e.target.value, field })
            }
          >
            {!field && <option value="">—</option>}
            {field?.operators.map((op) => (
              <option key={op} value={op}>
                {operatorLabel(op)}
              </option>
            ))}
          </select>
        </Field>
        {kind === 'none' ? (
          valueError && (
            <p className="field-error" role="alert">
              {valueError}
            </p>
          )
        ) : (
          <Field label="Value" htmlFor={`${id}-value`} error={valueError}>
            <ValueInput
              id={`${id}-value`}
              kind={kind}
              field={field}
              operator={node.operator}
              value={node.value}
              mediaType={mediaType}
              error={valueError}
              onChange={(value) => dispatch({ type: 'set_value', path, value })}
            />
          </Field>
        )}
      </div>
      <div className="node-tools">
        <label className="inline-check">
          <input
            type="checkbox"
            checked={node.enabled}
            onChange={() => dispatch({ type: 'toggle_node', path })}
          />
          Condition on
        </label>
        <button
          type="button"
          className="icon-button"
          aria-label="Remove condition"
          onClick={() => dispatch({ type: 'remove', path })}
        >
          <Trash2 size={16} aria-hidden />
        </button>
      </div>
      {other.map((message) => (
        <p key={message} className="field-error" role="alert">
          {message}
        </p>
      ))}
    </li>
  );
}
