import { describe, expect, it } from 'vitest';
import {
  editorReducer,
  newRuleState,
  stateFromRule,
  treeLimits,
  type EditorState,
} from './editorReducer';
import { nodeToWire, type GroupNode, type RuleView } from './model';
import { FIELDS } from './testFixtures';

const field = (name: string) => FIELDS.find((f) => f.field === name);
const run = (state: EditorState, ...actions: Parameters<typeof editorReducer>[1][]) =>
  actions.reduce(editorReducer, state);

describe('editorReducer', () => {
  it('when a field is chosen, the operator becomes its first and the value resets to its shape', () => {
    const state = run(newRuleState(), {
      type: 'set_field',
      path: [0],
      field: field('tmdb.genres'),
    });
    expect(state.root.children[0]).toMatchObject({
      field: 'tmdb.genres',
      operator: 'contains_any',
      value: [],
    });
  });

  it('keeps a value across operators of the same shape and drops it when none is taken', () => {
    const days = field('watch.days_since_last_watched');
    let state = run(
      newRuleState(),
      { type: 'set_field', path: [0], field: days },
      { type: 'set_value', path: [0], value: 90 },
      { type: 'set_operator', path: [0], operator: 'less_than', field: days },
    );
    expect(state.root.children[0]).toMatchObject({ operator: 'less_than', value: 90 });
    state = editorReducer(state, {
      type: 'set_operator',
      path: [0],
      operator: 'exists',
      field: days,
    });
    expect(state.root.children[0]).toMatchObject({ operator: 'exists', value: null });
  });

  it('adds, nests and removes groups without touching other branches', () => {
    const state = run(
      newRuleState(),
      { type: 'add_group', path: [] },
      { type: 'add_condition', path: [1] },
      { type: 'set_op', path: [1], op: 'or' },
    );
    const group = state.root.children[1] as GroupNode;
    expect(group).toMatchObject({ type: 'group', op: 'or' });
    expect(group.children).toHaveLength(2);
    expect(
      new Set([
        state.root.id,
        state.root.children[0]?.id,
        group.id,
        ...group.children.map((c) => c.id),
      ]).size,
    ).toBe(5);
    expect(treeLimits(state.root)).toEqual({ groups: 2, depth: 2 });
    const removed = editorReducer(state, { type: 'remove', path: [1, 0] });
    expect((removed.root.children[1] as GroupNode).children).toHaveLength(1);
    expect(removed.root.children[0]).toBe(state.root.children[0]);
  });

  it('never removes or disables the root', () => {
    const state = newRuleState();
    expect(editorReducer(state, { type: 'remove', path: [] })).toBe(state);
    expect(editorReducer(state, { type: 'toggle_node', path: [] })).toBe(state);
  });

  it('a series media type moves the scope to series', () => {
    const state = editorReducer(newRuleState(), { type: 'set_media_type', mediaType: 'series' });
    expect(state).toMatchObject({ mediaType: 'series', scope: 'series' });
  });

  it('reads a stored rule and writes the same tree back', () => {
    const root = {
      type: 'group',
      op: 'or',
      enabled: true,
      children: [
        { type: 'condition', field: 'watch.never_watched', operator: 'is_true', enabled: true },
        {
          type: 'group',
          op: 'and',
          enabled: false,
          children: [
            {
              type: 'condition',
              field: 'media.year',
              operator: 'less_than',
              value: 2000,
              enabled: true,
            },
          ],
        },
      ],
    };
    const rule: RuleView = {
      id: 7,
      name: 'Old',
      description: null,
      media_type: 'movie',
      enabled: true,
      target_scope: 'movie_version',
      definition: { version: 1, root: {} },
      action: newRuleState().action,
      revision: 2,
      candidate_count: 0,
      protection_count: 0,
      created_at: '',
      updated_at: '',
    };
    const state = stateFromRule({
      ...rule,
      definition: { version: 1, root: JSON.parse(JSON.stringify(root)) as Record<string, never> },
    });
    expect(nodeToWire(state.root)).toEqual(root);
    expect(state.nextId).toBeGreaterThan(4);
  });
});
