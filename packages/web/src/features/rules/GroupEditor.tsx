import { Plus, Trash2 } from 'lucide-react';
import type { Dispatch } from 'react';
import { ConditionRow } from './ConditionRow';
import { MAX_DEPTH, type EditorAction } from './editorReducer';
import {
  wireName,
  type GroupNode,
  type MediaType,
  type NodePath,
  type RuleField,
  type TargetScope,
} from './model';
import { errorsUnder, type RuleError } from './ruleErrors';

interface Props {
  group: GroupNode;
  path: NodePath;
  fields: RuleField[];
  scope: TargetScope;
  mediaType: MediaType;
  errors: RuleError[];
  dispatch: Dispatch<EditorAction>;
  canAddGroup: boolean;
}

/** A group of conditions joined by all (AND) or any (OR), holding nested groups. */
export function GroupEditor(props: Props) {
  const { group, path, dispatch } = props;
  const isRoot = path.length === 0;
  const level = path.length + 1;
  const label = isRoot ? 'Rule conditions' : `Group at level ${level}`;
  const own = errorsUnder(props.errors, wireName(path), []);
  return (
    <fieldset className={group.enabled ? 'group' : 'group disabled'} aria-label={label}>
      <div className="group-head">
        <label className="inline-select">
          Match
          <select
            aria-label={isRoot ? 'Match conditions' : `Match conditions of group at level ${level}`}
            value={group.op}
            onChange={(e) =>
              dispatch({ type: 'set_op', path, op: e.target.value === 'or' ? 'or' : 'and' })
            }
          >
            <option value="and">all (AND)</option>
            <option value="or">any (OR)</option>
          </select>
          of these
        </label>
        {!isRoot && (
          <span className="node-tools">
            <label className="inline-check">
              <input
                type="checkbox"
                checked={group.enabled}
                onChange={() => dispatch({ type: 'toggle_node', path })}
              />
              Group on
            </label>
            <button
              type="button"
              className="icon-button"
              aria-label="Remove group"
              onClick={() => dispatch({ type: 'remove', path })}
            >
              <Trash2 size={16} aria-hidden />
            </button>
          </span>
        )}
      </div>
      {own.map((message) => (
        <p key={message} className="field-error" role="alert">
          {message}
        </p>
      ))}
      <ul className="group-children">
        {group.children.map((child, index) =>
          child.type === 'condition' ? (
            <ConditionRow key={child.id} {...props} node={child} path={[...path, index]} />
          ) : (
            <li key={child.id}>
              <GroupEditor {...props} group={child} path={[...path, index]} />
            </li>
          ),
        )}
      </ul>
      <div className="group-actions">
        <button
          type="button"
          className="button"
          onClick={() => dispatch({ type: 'add_condition', path })}
        >
          <Plus size={16} aria-hidden /> Add condition
        </button>
        {props.canAddGroup && level < MAX_DEPTH && (
          <button
            type="button"
            className="button"
            onClick={() => dispatch({ type: 'add_group', path })}
          >
            <Plus size={16} aria-hidden /> Add group
          </button>
        )}
      </div>
    </fieldset>
  );
}
