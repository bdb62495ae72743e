import { generalSettingsDefaults } from '@mcs/contracts';
import { breakerLimits, checkBreaker } from '../../src/domain/deletion/breaker';
import { classify, type CandidateForRun } from '../../src/domain/deletion/classify';
import {
  operationDefaults,
  operationPlan as planWith,
} from '../../src/domain/deletion/operation-plan';
import { PROTECT_ACTION } from '../../src/domain/rules/action';
import type { RuleAction } from '../../src/domain/rules/rule-types';
import type { MediaType } from '../../src/domain/target';

/** The deletion run's pure decisions (domain.md 3.8, 6.1-6.3). */

const action = (changes: Partial<RuleAction>): RuleAction => ({
  ...PROTECT_ACTION,
  outcome: 'candidate',
  arr_action: 'delete',
  media_server_action: 'delete',
  ...changes,
});

/** The documented defaults of general settings (domain.md 11). */
const DEFAULTS = operationDefaults(generalSettingsDefaults());
/** A plan under those defaults. */
const operationPlan = (
  mediaType: MediaType,
  rules: RuleAction[],
  deleteOperation: 'delete' | 'move',
) => planWith(mediaType, rules, deleteOperation, DEFAULTS);

describe('the operation of a candidate combines its matched rules', () => {
  test('the most conservative Arr action wins, and decides the kind', () => {
    const plan = (...arr: RuleAction['arr_action'][]) =>
      operationPlan(
        'movie',
        arr.map((a) => action({ arr_action: a })),
        'delete',
      );
    expect(plan('delete', 'delete')).toMatchObject({ arrAction: 'delete', kind: 'delete' });
    expect(plan('delete', 'unmonitor')).toMatchObject({
      arrAction: 'unmonitor',
      kind: 'unmonitor',
    });
    expect(plan('unmonitor', 'unmonitor_only', 'delete')).toMatchObject({
      arrAction: 'unmonitor_only',
      kind: 'unmonitor_only',
    });
  });

  test('move wins over delete and unmonitor, but not over unmonitor_only', () => {
    expect(operationPlan('movie', [action({ arr_action: 'unmonitor' })], 'move').kind).toBe('move');
    expect(operationPlan('movie', [action({ arr_action: 'unmonitor_only' })], 'move').kind).toBe(
      'unmonitor_only',
    );
  });

  test('the media server may delete only if no rule says none', () => {
    const plan = operationPlan(
      'series',
      [action({}), action({ media_server_action: 'none' })],
      'delete',
    );
    expect(plan.mediaServerAction).toBe('none');
  });

  test('instances: the intersection of the non-empty lists of the media type', () => {
    const movie = (ids: number[][]) =>
      operationPlan(
        'movie',
        ids.map((radarr) => action({ radarr_service_ids: radarr, sonarr_service_ids: [9] })),
        'delete',
      ).allowedArrServiceIds;
    expect(movie([[], []])).toBeNull(); // every instance holding it
    expect(movie([[3, 1], [], [1, 2, 3]])).toEqual([1, 3]);
    expect(movie([[1], [2]])).toEqual([]); // none may act: target_conflict
  });

  test('general settings decide the Arr action no rule decides, and the import exclusion', () => {
    expect(DEFAULTS).toEqual({ arrAction: 'unmonitor', addImportExclusion: true });
    expect(operationPlan('movie', [], 'delete')).toMatchObject({
      arrAction: 'unmonitor',
      kind: 'unmonitor',
      addImportExclusion: true,
    });
    const settings = { arrAction: 'delete' as const, addImportExclusion: false };
    expect(planWith('series', [], 'delete', settings)).toMatchObject({
      arrAction: 'delete',
      kind: 'delete',
      addImportExclusion: false,
    });
    // A matched rule decides the Arr action; the import exclusion stays the setting's.
    const cautious = { arrAction: 'unmonitor_only' as const, addImportExclusion: false };
    expect(planWith('movie', [action({ arr_action: 'delete' })], 'delete', cautious)).toMatchObject(
      { arrAction: 'delete', addImportExclusion: false },
    );
  });
});

describe('classifying a candidate for the run', () => {
  const base: CandidateForRun = {
    state: 'eligible',
    blocked: false,
    pendingProtectionRequest: false,
    pendingDeleteRequest: false,
    operationPending: false,
    completedAction: null,
    failureCount: 0,
  };

  test('eligible, waiting, and every reason to skip', () => {
    expect(classify(base)).toBe('eligible');
    expect(classify({ ...base, state: 'scheduled' })).toBe('waiting');
    expect(classify({ ...base, state: 'postponed' })).toBe('waiting');
    for (const skipped of [
      { state: 'disabled' as const },
      { state: 'canceled' as const },
      { blocked: true },
      { pendingProtectionRequest: true },
      { pendingDeleteRequest: true },
      { operationPending: true },
      { completedAction: 'unmonitored_only' },
      { failureCount: 3 },
    ])
      expect(classify({ ...base, ...skipped })).toBe('skipped');
    expect(classify({ ...base, failureCount: 2 })).toBe('eligible');
  });
});

describe('the mass-deletion breaker', () => {
  test('trips above 50 items or above 5 % of the library, and each limb can be turned off', () => {
    const check = (items: number, files: number, libraryFiles = 10_000) =>
      checkBreaker({ items, files, libraryFiles }, breakerLimits(generalSettingsDefaults()))
        .tripped;
    expect(check(50, 50)).toBe(false);
    expect(check(51, 51)).toBe(true);
    expect(check(6, 6, 100)).toBe(true); // 6 % of the library
    expect(check(5, 5, 100)).toBe(false);
    expect(
      checkBreaker({ items: 500, files: 6, libraryFiles: 100 }, { maxItems: 0, maxShare: 1 }),
    ).toMatchObject({ tripped: false, share: 0.06 });
  });
});
