import type { Router } from 'express';
import { Input, pathId, requireUser } from '@mcs/kit';
import { checkPattern, compilePattern } from '../domain/rules';
import { userCaller } from '../http/principal';
import { MEDIA_TYPES } from '../http/target-input';
import type { RuleService } from '../services/rule.service';

const OUTCOMES = ['candidate', 'protect'] as const;

/** Rules of the internal API (internal-api.md 10), administrators only. */
export function ruleRoutes(api: Router, rules: RuleService): void {
  api.get('/rules', async (req, res) => {
    requireUser(res, 'admin');
    const query = new Input('query', req.query);
    const filters = {
      mediaType: query.oneOf('media_type', MEDIA_TYPES),
      outcome: query.oneOf('outcome', OUTCOMES),
      enabled: query.boolean('enabled'),
    };
    query.done();
    res.json(await rules.list(filters));
  });

  api.post('/rules', async (req, res) => {
    requireUser(res, 'admin');
    const created = await rules.create(req.body);
    res.status(201).location(`/api/rules/${created?.id}`).json(created);
  });

  api.post('/rules/validate-regex', (req, res) => {
    requireUser(res, 'admin');
    const body = Input.body(req.body);
    body.required('patterns');
    const patterns = strings(body, 'patterns', { min: 1, max: 50, length: 100_000 });
    const samples = strings(body, 'samples', { min: 0, max: 20, length: 1000 });
    body.done();
    const results = patterns.map((pattern, index) => {
      const checked = checkPattern(pattern);
      if (!checked.valid) return { index, valid: false, error: checked.error };
      const regex = compilePattern(pattern, 'insensitive');
      const matches = samples.length > 0 ? samples.map((s) => regex?.test(s) ?? false) : undefined;
      return { index, valid: true, error: null, ...(matches ? { matches } : {}) };
    });
    res.json({ valid: results.every((result) => result.valid), results });
  });

  api.get('/rules/:rule_id', async (req, res) => {
    requireUser(res, 'admin');
    res.json(await rules.get(pathId(req.params, 'rule_id')));
  });

  api.post('/rules/:rule_id', async (req, res) => {
    const { actor } = userCaller(res, 'admin');
    res.json(await rules.update(pathId(req.params, 'rule_id'), req.body, actor));
  });

  api.delete('/rules/:rule_id', async (req, res) => {
    const { actor } = userCaller(res, 'admin');
    res.json(await rules.delete(pathId(req.params, 'rule_id'), actor));
  });
}

/** A list of `min`…`max` strings of at most `length` characters; problems go to `input`. */
function strings(
  input: Input,
  name: string,
  bounds: { min: number; max: number; length: number },
): string[] {
  const list = input.array(name) ?? [];
  if (list.length < bounds.min || list.length > bounds.max)
    input.fail(name, `Must hold ${bounds.min} to ${bounds.max} items.`);
  list.forEach((value, index) => {
    if (typeof value !== 'string' || value.length > bounds.length)
      input.fail(`${name}[${index}]`, `Must be a string of at most ${bounds.length} characters.`);
  });
  return list.filter((value): value is string => typeof value === 'string');
}
