import { validateRule } from '../../../src/domain/rules';
import { condition, context, errorsOf, group, movieRule, seriesRule, validRule } from './support';

describe('validateRule: a valid body comes back normalised (domain.md 3.1, 3.2, 3.7)', () => {
  test('defaults are filled in: enabled, description, node flags, the whole action', () => {
    expect(validRule(movieRule())).toEqual({
      name: 'Old unwatched movies',
      description: null,
      media_type: 'movie',
      target_scope: 'movie_version',
      enabled: true,
      definition: {
        version: 1,
        root: {
          type: 'group',
          op: 'and',
          enabled: true,
          children: [
            {
              type: 'condition',
              field: 'media.days_since_added',
              operator: 'greater_than',
              value: 365,
              enabled: true,
            },
          ],
        },
      },
      action: {
        outcome: 'candidate',
        arr_action: 'delete',
        media_server_action: 'delete',
        auto_delete_enabled: false,
        auto_delete_delay_days: null,
        move_instead_of_delete: false,
        tag_enabled: true,
        arr_tag: 'mcs-old-unwatched-movies',
        radarr_service_ids: [],
        sonarr_service_ids: [],
      },
    });
  });

  test('the name is trimmed; extra keys (id, revision…) are dropped', () => {
    const rule = validRule(movieRule({ name: '  Keep 4K  ', id: 5, revision: 3 }));
    expect(rule.name).toBe('Keep 4K');
    expect(rule).not.toHaveProperty('id');
  });

  test('a disabled rule stays disabled; a description is kept', () => {
    const rule = validRule(movieRule({ enabled: false, description: 'why' }));
    expect(rule).toMatchObject({ enabled: false, description: 'why' });
  });
});

describe('validateRule: plain fields (domain.md 3.9 step 1), generic code invalid_field', () => {
  test.each([
    ['a missing name', 'name', { name: undefined }],
    ['a blank name', 'name', { name: '   ' }],
    ['a 101-character name', 'name', { name: 'x'.repeat(101) }],
    ['a name that is not text', 'name', { name: 42 }],
    ['a 1001-character description', 'description', { description: 'd'.repeat(1001) }],
    ['an unknown media_type', 'media_type', { media_type: 'music' }],
    ['a missing target_scope', 'target_scope', { target_scope: undefined }],
    ['enabled that is not a boolean', 'enabled', { enabled: 'yes' }],
    ['a definition that is not an object', 'definition', { definition: [] }],
    ['an action that is not an object', 'action', { action: 'delete' }],
  ])('%s is reported on %s', (_case, name, overrides) => {
    const errors = errorsOf(movieRule(overrides));
    expect(errors.map((error) => `${error.code} ${error.name}`)).toEqual([`invalid_field ${name}`]);
    expect(errors[0]?.message).not.toBe('');
  });

  test('a 100-character name (in code points, emoji included) is fine', () => {
    expect(validRule(movieRule({ name: `${'x'.repeat(99)}🎬` })).name).toHaveLength(101);
  });

  test('media_type and target_scope must agree: movie ⇔ movie_version', () => {
    expect(errorsOf(movieRule({ target_scope: 'season' }))).toEqual([
      expect.objectContaining({ name: 'target_scope', code: 'invalid_field' }),
    ]);
    const series = seriesRule('movie_version', [condition('media.title', 'equals', 'x')]);
    expect(errorsOf(series)).toEqual([
      expect.objectContaining({ name: 'target_scope', code: 'invalid_field' }),
    ]);
  });

  test('a name taken by another rule, in any case, is name_taken', () => {
    const ctx = context({ takenNames: ['OLD UNWATCHED MOVIES'] });
    expect(errorsOf(movieRule(), ctx)).toEqual([
      { name: 'name', code: 'name_taken', message: 'another rule already has this name' },
    ]);
  });

  test('without takenNames (import with rename) uniqueness is not checked', () => {
    expect(validateRule(movieRule(), context({ takenNames: undefined })).ok).toBe(true);
  });

  test('a preview may run an unnamed draft; its tag is then mcs-rule', () => {
    const rule = validRule(movieRule({ name: undefined }), context({ purpose: 'preview' }));
    expect(rule).toMatchObject({ name: null, action: { arr_tag: 'mcs-rule' } });
  });
});

describe('validateRule: every problem is listed, not just the first', () => {
  test('problems in plain fields, the tree and the action come together', () => {
    const body = movieRule({
      name: '',
      definition: {
        version: 2,
        root: group('and', [
          condition('media.nonsense', 'equals', 1),
          condition('media.year', 'greater_than', 'old'),
        ]),
      },
      action: { arr_action: 'shred', auto_delete_delay_days: -1 },
    });
    expect(errorsOf(body).map(({ name, code }) => `${code} ${name}`)).toEqual([
      'invalid_field name',
      'invalid_field definition.version',
      'unknown_field definition.root.children[0].field',
      'invalid_value definition.root.children[1].value',
      'invalid_field action.arr_action',
      'invalid_field action.auto_delete_delay_days',
    ]);
  });
});

describe('validateRule: hostile input gives errors, never a throw', () => {
  test.each([null, undefined, 42, 'rule', [], [movieRule()], true])(
    'a body that is not an object (%j) is one error on the body',
    (body) => {
      expect(errorsOf(body)).toEqual([
        { name: '', code: 'invalid_field', message: 'the rule must be a JSON object' },
      ]);
    },
  );

  test('wrong types everywhere are all reported', () => {
    const body = {
      name: {},
      description: 7,
      media_type: [],
      target_scope: 1,
      enabled: null,
      definition: { version: '1', root: { type: 'group', op: 1, children: {} } },
      action: { outcome: 3 },
    };
    const names = errorsOf(body).map((error) => error.name);
    expect(names).toEqual([
      'name',
      'description',
      'media_type',
      'target_scope',
      'definition.version',
      'definition.root.op',
      'definition.root.children',
      'definition.root',
      'action.outcome',
    ]);
  });

  test('a 2 MB name is refused without trouble', () => {
    expect(errorsOf(movieRule({ name: 'n'.repeat(2_000_000) }))).toHaveLength(1);
  });

  test('keys of Object.prototype are not mistaken for values', () => {
    const body = JSON.parse(
      '{"__proto__": {"name": "x"}, "constructor": 1, "media_type": "movie"}',
    ) as unknown;
    expect(errorsOf(body).map((error) => error.name)).toEqual([
      'name',
      'target_scope',
      'definition',
    ]);
  });

  test('errors stop at 100 however many problems there are', () => {
    const children = Array.from({ length: 100 }, () =>
      condition(
        'media.title',
        'in',
        Array.from({ length: 500 }, () => 7),
      ),
    );
    expect(
      errorsOf(movieRule({ definition: { version: 1, root: group('and', children) } })),
    ).toHaveLength(100);
  });
});
