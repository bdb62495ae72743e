import type { InternalApi } from '@mcs/contracts';
import { ADMIN, type Problem } from './api';
import type { World } from './world';

/** Rule calls shared by the rule test files (internal-api.md 10). */
export type Rule = InternalApi.components['schemas']['RuleView'];
export type Deleted = InternalApi.components['schemas']['RuleDeleted'];
export type RuleProblem = Problem & {
  errors?: { name: string; code?: string; message: string }[];
};

/** A movie-version rule over the given conditions (AND), with any other settings. */
export function conditionsRule(
  name: string,
  conditions: { field: string; operator: string; value?: unknown }[],
  extra: Record<string, unknown> = {},
) {
  return {
    name,
    media_type: 'movie',
    target_scope: 'movie_version',
    definition: {
      version: 1,
      root: {
        type: 'group',
        op: 'and',
        children: conditions.map((c) => ({ type: 'condition', ...c })),
      },
    },
    action: {},
    ...extra,
  };
}

let counter = 0;
/** A valid movie rule with a fresh name: not watched for a year. */
export function ruleBody(changes: Record<string, unknown> = {}) {
  counter += 1;
  return conditionsRule(
    `Unwatched ${counter}`,
    [{ field: 'watch.days_since_last_watched', operator: 'greater_than', value: 365 }],
    changes,
  );
}

export function ruleCalls(world: World) {
  return {
    create: (body: unknown, principal = ADMIN) =>
      world.api<Rule & RuleProblem>('POST', '/api/rules', { body, principal }),
    update: (id: number, body: unknown) =>
      world.api<Rule & RuleProblem>('POST', `/api/rules/${id}`, { body, principal: ADMIN }),
    remove: (id: number) =>
      world.api<Deleted & Problem>('DELETE', `/api/rules/${id}`, { principal: ADMIN }),
    get: (id: number) => world.api<Rule & Problem>('GET', `/api/rules/${id}`, { principal: ADMIN }),
    list: async (query = '') =>
      (await world.api<{ items: Rule[] }>('GET', `/api/rules${query}`, { principal: ADMIN })).body
        .items,
  };
}
