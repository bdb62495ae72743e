import { TREE_LIMITS } from '../../../src/domain/rules';
import { condition, errorsOf, group, movieRule, validRule } from './support';

const title = condition('media.title', 'contains_substring', 'x');
const withRoot = (root: unknown) => movieRule({ definition: { version: 1, root } });
const codesAndNames = (body: unknown) => errorsOf(body).map(({ code, name }) => `${code} ${name}`);

/** A chain of nested AND groups, `depth` groups deep, with one condition at the bottom. */
function nested(depth: number): unknown {
  let node: unknown = title;
  for (let level = 0; level < depth; level += 1) node = group('and', [node]);
  return node;
}

describe('the definition tree shape (domain.md 3.2, 3.9 step 2)', () => {
  test.each([
    ['version other than 1', 'definition.version', { version: 2, root: group('and', [title]) }],
    ['a missing root', 'definition.root', { version: 1 }],
    ['a condition as root', 'definition.root', { version: 1, root: title }],
  ])('%s is invalid_field on %s', (_case, name, definition) => {
    expect(errorsOf(movieRule({ definition }))).toContainEqual(
      expect.objectContaining({ name, code: 'invalid_field' }),
    );
  });

  test('op must be and / or; children must be a non-empty list', () => {
    expect(codesAndNames(withRoot(group('xor', [title])))).toEqual([
      'invalid_field definition.root.op',
    ]);
    expect(codesAndNames(withRoot(group('or', [title, group('and', [])])))).toEqual([
      'invalid_field definition.root.children[1].children',
    ]);
  });

  test('every node is a group or a condition, with a boolean enabled', () => {
    const root = group('and', [title, 7, { type: 'rule' }, { ...title, enabled: 'no' }]);
    expect(codesAndNames(withRoot(root))).toEqual([
      'invalid_field definition.root.children[1]',
      'invalid_field definition.root.children[2].type',
      'invalid_field definition.root.children[3].enabled',
    ]);
  });

  test('the root cannot be disabled', () => {
    expect(codesAndNames(withRoot(group('and', [title], { enabled: false })))).toContain(
      'invalid_field definition.root.enabled',
    );
  });
});

describe('tree limits (domain.md 3.2, 3.9 step 3)', () => {
  test(`${TREE_LIMITS.groups} groups (root included) pass; the 11th is named`, () => {
    const nine = Array.from({ length: 9 }, () => group('or', [title]));
    expect(validRule(withRoot(group('and', nine))).definition.root.children).toHaveLength(9);
    const ten = Array.from({ length: 10 }, () => group('or', [title]));
    expect(codesAndNames(withRoot(group('and', ten)))).toEqual([
      'invalid_field definition.root.children[9]',
    ]);
  });

  test(`${TREE_LIMITS.levels} levels of groups pass; a 5th level is refused`, () => {
    expect(() => validRule(withRoot(nested(4)))).not.toThrow();
    const fifth = 'definition.root.children[0].children[0].children[0].children[0]';
    expect(codesAndNames(withRoot(nested(5)))).toEqual([
      `invalid_field ${fifth}`,
      'invalid_field definition.root',
    ]);
  });

  test(`${TREE_LIMITS.conditions} conditions pass; the 101st is named`, () => {
    const hundred = Array.from({ length: 100 }, () => title);
    expect(() => validRule(withRoot(group('and', hundred)))).not.toThrow();
    expect(codesAndNames(withRoot(group('and', [...hundred, title])))).toEqual([
      'invalid_field definition.root.children[100]',
    ]);
  });

  test('at least one enabled condition: disabled conditions do not count', () => {
    const root = group('and', [{ ...title, enabled: false }]);
    expect(errorsOf(withRoot(root))).toEqual([
      {
        name: 'definition.root',
        code: 'invalid_field',
        message: 'at least one enabled condition is required',
      },
    ]);
  });

  test('nor do enabled conditions inside a disabled group', () => {
    const root = group('and', [group('or', [title], { enabled: false })]);
    expect(codesAndNames(withRoot(root))).toEqual(['invalid_field definition.root']);
  });

  test('a disabled group beside an enabled condition is fine, and kept', () => {
    const root = group('and', [title, group('or', [title], { enabled: false })]);
    const rule = validRule(withRoot(root));
    expect(rule.definition.root.children[1]).toMatchObject({ type: 'group', enabled: false });
  });
});

describe('hostile trees cost bounded work', () => {
  test('nesting 100 000 levels deep is refused at level 5 without recursing further', () => {
    const errors = errorsOf(withRoot(nested(100_000)));
    expect(errors[0]?.message).toBe('groups nest at most 4 levels deep');
  });

  test('a million children are refused as one error, not walked', () => {
    const root = group(
      'and',
      Array.from({ length: 1_000_000 }, () => title),
    );
    expect(codesAndNames(withRoot(root))).toEqual([
      'invalid_field definition.root.children',
      'invalid_field definition.root',
    ]);
  });

  test('walking stops after 110 nodes spread over many groups', () => {
    // root + group 0 + its 100 conditions = 102 nodes; group 1 is the 103rd, its 8th child the 111th.
    const groups = Array.from({ length: 9 }, () =>
      group(
        'or',
        Array.from({ length: 100 }, () => title),
      ),
    );
    const errors = codesAndNames(withRoot(group('and', groups)));
    expect(errors).toEqual([
      'invalid_field definition.root.children[1].children[0]',
      'invalid_field definition.root.children[1].children[7]',
    ]);
  });
});
