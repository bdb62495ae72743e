import { validateRule } from '../../../src/domain/rules';
import { condition, context, errorsOf, movieRule, seriesRule, validRule } from './support';

const movieAction = (action: unknown) => movieRule({ action });
const seriesAction = (action: unknown) =>
  seriesRule('season', [condition('season.number', 'greater_than', 0)], { action });
const problems = (body: unknown, ctx = context()) => {
  const result = validateRule(body, ctx);
  return result.ok ? [] : result.errors.map(({ code, name }) => `${code} ${name}`);
};

describe('the action: defaults and values (domain.md 3.7, 3.9 step 5)', () => {
  test('a missing action or outcome is a candidate rule with every default', () => {
    expect(validRule(movieRule({ action: undefined })).action).toEqual(
      validRule(movieAction({ outcome: null })).action,
    );
    expect(validRule(movieRule({ action: undefined })).action.outcome).toBe('candidate');
  });

  test('explicit settings are kept', () => {
    const action = {
      arr_action: 'unmonitor_only',
      media_server_action: 'none',
      auto_delete_enabled: true,
      auto_delete_delay_days: 3650,
      move_instead_of_delete: true,
      tag_enabled: false,
      arr_tag: 'mcs-custom-1',
      radarr_service_ids: [11, 10, 11],
    };
    expect(validRule(movieAction(action)).action).toEqual({
      ...action,
      outcome: 'candidate',
      radarr_service_ids: [11, 10],
      sonarr_service_ids: [],
    });
  });

  test.each([
    ['outcome', 'delete'],
    ['arr_action', 'shred'],
    ['media_server_action', 'keep'],
    ['auto_delete_enabled', 'true'],
    ['auto_delete_delay_days', 3651],
    ['auto_delete_delay_days', 1.5],
    ['auto_delete_delay_days', '7'],
    ['move_instead_of_delete', 1],
    ['tag_enabled', 0],
    ['arr_tag', 'MCS-Old'],
    ['arr_tag', 'old-movies'],
    ['arr_tag', `mcs-${'x'.repeat(47)}`],
    ['radarr_service_ids', 10],
  ])('%s = %p is invalid_field on action.%s', (key, value) => {
    expect(problems(movieAction({ [key]: value }))).toEqual([`invalid_field action.${key}`]);
  });

  test('a delay of 0 or null (inherit the global delay) is fine', () => {
    expect(
      validRule(movieAction({ auto_delete_delay_days: 0 })).action.auto_delete_delay_days,
    ).toBe(0);
    expect(
      validRule(movieAction({ auto_delete_delay_days: null })).action.auto_delete_delay_days,
    ).toBeNull();
  });
});

describe('the Arr tag (domain.md 3.7)', () => {
  test.each([undefined, null, '', '   '])(
    'an empty tag (%p) is derived from the name',
    (arr_tag) => {
      const rule = validRule(movieRule({ name: 'Kids: Old Cartoons', action: { arr_tag } }));
      expect(rule.action.arr_tag).toBe('mcs-kids-old-cartoons');
    },
  );
});

describe('instance target lists (domain.md 3.7, 3.9 step 5)', () => {
  test('ids must be existing instances of the list type', () => {
    expect(problems(movieAction({ radarr_service_ids: [10, 20, 99, '11'] }))).toEqual([
      'invalid_field action.radarr_service_ids[1]',
      'invalid_field action.radarr_service_ids[2]',
      'invalid_field action.radarr_service_ids[3]',
    ]);
  });

  test('Radarr ids only on movie_version rules, Sonarr ids only on the others', () => {
    expect(problems(movieAction({ sonarr_service_ids: [20] }))).toEqual([
      'invalid_field action.sonarr_service_ids',
    ]);
    expect(problems(seriesAction({ radarr_service_ids: [10] }))).toEqual([
      'invalid_field action.radarr_service_ids',
    ]);
    expect(validRule(seriesAction({ sonarr_service_ids: [20] })).action.sonarr_service_ids).toEqual(
      [20],
    );
  });

  test('an empty list of the other type is fine (it means "none chosen")', () => {
    expect(problems(movieAction({ sonarr_service_ids: [] }))).toEqual([]);
  });
});

describe('move instead of delete (domain.md 3.9 step 5)', () => {
  test('needs the move destination of the rule media type', () => {
    expect(errorsOf(seriesAction({ move_instead_of_delete: true }))).toEqual([
      {
        name: 'action.move_instead_of_delete',
        code: 'move_destination_missing',
        message: 'no move destination is configured for series',
      },
    ]);
    expect(problems(movieAction({ move_instead_of_delete: true }))).toEqual([]);
    const noMovieDestination = context({ moveDestinations: { movie: false, series: true } });
    expect(problems(movieAction({ move_instead_of_delete: true }), noMovieDestination)).toEqual([
      'move_destination_missing action.move_instead_of_delete',
    ]);
  });
});

describe('protect rules are forced harmless (domain.md 3.7)', () => {
  const forced = {
    outcome: 'protect',
    arr_action: null,
    media_server_action: 'none',
    auto_delete_enabled: false,
    auto_delete_delay_days: null,
    move_instead_of_delete: false,
    tag_enabled: false,
    arr_tag: null,
    radarr_service_ids: [],
    sonarr_service_ids: [],
  };

  test('destructive settings sent with a protect rule are turned off on save', () => {
    const action = {
      outcome: 'protect',
      arr_action: 'delete',
      media_server_action: 'delete',
      auto_delete_enabled: true,
      auto_delete_delay_days: 3,
      move_instead_of_delete: true,
      tag_enabled: true,
      arr_tag: 'mcs-protect',
      radarr_service_ids: [10],
    };
    expect(validRule(movieAction(action)).action).toEqual(forced);
  });

  test('whatever was sent: even invalid destructive values do not block a protect rule', () => {
    const action = {
      outcome: 'protect',
      arr_action: 'shred',
      auto_delete_delay_days: -5,
      arr_tag: 'NOT A TAG',
      sonarr_service_ids: [999],
      move_instead_of_delete: true,
    };
    expect(validRule(seriesAction(action)).action).toEqual(forced);
  });
});
