import { AppError, Conflict } from '@mcs/kit';
import type { RuleError } from '../domain/rules';

/** 409 for a taken name alone; otherwise 422 with every problem (domain.md 3.9). */
export function ruleInvalid(errors: RuleError[]): AppError {
  if (errors.every((error) => error.code === 'name_taken'))
    return new Conflict('name_taken', errors[0]?.message ?? 'Another rule has this name.');
  return new AppError(
    422,
    'rule_invalid',
    errors.length === 1
      ? `The rule has a problem at ${errors[0]?.name || 'the body'}.`
      : `The rule has ${errors.length} problems.`,
    { errors: errors.map((error) => ({ in: 'body', ...error })) },
  );
}
