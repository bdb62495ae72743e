import type { ConditionResult } from '../../src/domain/rules';
import { PROTECT_ACTION } from '../../src/domain/rules/action';
import type { RuleAction } from '../../src/domain/rules/rule-types';
import {
  type CandidateInput,
  decideCandidate,
  type RuleResult,
  type ScanRule,
} from '../../src/domain/scan/candidate-decision';
import type { Verdict } from '../../src/domain/rules';

/** One target's outcome in a scan (domain.md 3.8, 4.1 step 5, 5.1): pure. */

const CANDIDATE_ACTION: RuleAction = {
  ...PROTECT_ACTION,
  outcome: 'candidate',
  arr_action: 'delete',
  media_server_action: 'delete',
  tag_enabled: true,
};

function rule(id: number, action: Partial<RuleAction> = {}): ScanRule {
  return {
    id,
    name: `Rule ${id}`,
    scope: 'movie_version',
    definition: {
      version: 1,
      root: { type: 'group', op: 'and', enabled: true, children: [] },
    },
    action: { ...CANDIDATE_ACTION, ...action },
  };
}

const playCount = (actual: number, result: Verdict = 'match'): ConditionResult => ({
  path: 'definition.root.children[0]',
  field: 'watch.view_count',
  operator: 'equals',
  value: actual,
  actual,
  result,
});

const result = (r: ScanRule, verdict: Verdict, conditions = [playCount(0)]): RuleResult => ({
  rule: r,
  verdict,
  conditions,
});

const input = (overrides: Partial<CandidateInput>): CandidateInput => ({
  results: [],
  protectUnknown: false,
  covered: false,
  existing: null,
  globalDelayDays: 14,
  ...overrides,
});

test('protect beats candidate: a covered target is excluded whatever its rules say', () => {
  const decision = decideCandidate(input({ results: [result(rule(1), 'match')], covered: true }));
  expect(decision).toEqual({ kind: 'excluded' });
});

test('matched and no protect rule undecided → upsert with the rules, criteria and reason', () => {
  const decision = decideCandidate(
    input({ results: [result(rule(2), 'match'), result(rule(1), 'no_match')] }),
  );
  expect(decision).toEqual({
    kind: 'upsert',
    fields: {
      matchedRuleIds: [2],
      matchedCriteria: { 2: [playCount(0)] },
      reason: 'Rule 2: Play count 0',
      deleteOperation: 'delete',
      policy: { configured: false, delayDays: 14 },
    },
  });
});

test('longest delay wins among opted-in rules; a rule without a delay takes the global one', () => {
  const decision = decideCandidate(
    input({
      results: [
        result(rule(1, { auto_delete_enabled: true, auto_delete_delay_days: 3 }), 'match'),
        result(rule(2, { auto_delete_enabled: true, auto_delete_delay_days: null }), 'match'),
        // Not opted in: its long delay does not count.
        result(rule(3, { auto_delete_enabled: false, auto_delete_delay_days: 90 }), 'match'),
      ],
      globalDelayDays: 14,
    }),
  );
  expect(decision.kind === 'upsert' && decision.fields.policy).toEqual({
    configured: true,
    delayDays: 14,
  });
});

test('move wins: one matched rule that moves makes the candidate a move', () => {
  const decision = decideCandidate(
    input({
      results: [
        result(rule(1), 'match'),
        result(rule(2, { move_instead_of_delete: true }), 'match'),
      ],
    }),
  );
  expect(decision.kind === 'upsert' && decision.fields.deleteOperation).toBe('move');
});

test('a rule that matched before and cannot decide now stays matched with its old criteria', () => {
  const old = [playCount(3)];
  const decision = decideCandidate(
    input({
      results: [
        result(rule(5), 'match'),
        result(rule(4, { auto_delete_enabled: true, auto_delete_delay_days: 30 }), 'unknown'),
        // Unknown but never matched before: not carried.
        result(rule(6), 'unknown'),
      ],
      existing: { matchedRuleIds: [4, 9], matchedCriteria: { 4: old, 9: [] } },
    }),
  );
  expect(decision).toMatchObject({
    kind: 'upsert',
    fields: {
      matchedRuleIds: [4, 5],
      matchedCriteria: { 4: old, 5: [playCount(0)] },
      reason: 'Rule 5: Play count 0',
      policy: { configured: true, delayDays: 30 },
    },
  });
});

test('unknown: a match while a protect rule is undecided, or only undecided rules', () => {
  expect(
    decideCandidate(input({ results: [result(rule(1), 'match')], protectUnknown: true })),
  ).toEqual({ kind: 'unknown' });
  expect(
    decideCandidate(input({ results: [result(rule(1), 'unknown'), result(rule(2), 'no_match')] })),
  ).toEqual({ kind: 'unknown' });
});

test('no rule matches and none is undecided → remove', () => {
  expect(
    decideCandidate(
      input({
        results: [result(rule(1), 'no_match')],
        existing: { matchedRuleIds: [1], matchedCriteria: {} },
      }),
    ),
  ).toEqual({ kind: 'remove' });
});

test('a path condition is stored without its value and reads "path matches rule prefix"', () => {
  const pathCondition: ConditionResult = {
    path: 'definition.root.children[1]',
    field: 'media.path',
    operator: 'starts_with_any',
    value: ['/media/old'],
    actual: '/media/old/Heat (1995)/Heat.mkv',
    result: 'match',
  };
  const decision = decideCandidate(
    input({ results: [result(rule(1), 'match', [playCount(0), pathCondition])] }),
  );
  expect(decision).toMatchObject({
    kind: 'upsert',
    fields: {
      matchedCriteria: { 1: [playCount(0), { ...pathCondition, actual: null }] },
      reason: 'Rule 1: Play count 0, path matches rule prefix',
    },
  });
  expect(JSON.stringify(decision)).not.toContain('Heat.mkv');
});
