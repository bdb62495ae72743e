import type { Router } from 'express';
import { Input, pathId, requireUser } from '@mcs/kit';
import { checkPattern, compilePattern, describeFields } from '../domain/rules';
import { requireCandidatesPage, userCaller } from '../http/principal';
import { MEDIA_TYPES } from '../targets/target-input';
import type { RuleDiffService } from './rule-diff.service';
import type { RulePreviewService } from './rule-preview.service';
import type { RuleService } from './rule.service';
import { catalogueField, type SourceStatusService } from '../sources/source-status.service';
import type { CleanupSettingsReader } from '../settings/cleanup-settings';

const OUTCOMES = ['candidate', 'protect'] as const;
const CONFLICT_MODES = ['skip', 'rename'] as const;
const TARGET_SCOPES = ['movie_version', 'series', 'season', 'episode'] as const;
const MAX_IMPORT = 500;
const PREVIEW_MODES = ['matches', 'diff'] as const;

/** Rules of the internal API (internal-api.md 10), administrators only. */
export function ruleRoutes(
  api: Router,
  services: {
    rules: RuleService;
    sourceStatus: SourceStatusService;
    preview: RulePreviewService;
    diff: RuleDiffService;
    settings: CleanupSettingsReader;
  },
): void {
  const { rules, sourceStatus, preview, diff, settings } = services;
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

  api.post('/rules/preview', async (req, res) => {
    requireUser(res, 'admin');
    const body = Input.body(req.body);
    const mode = body.oneOf('mode', PREVIEW_MODES) ?? 'matches';
    const ruleId = body.int('rule_id', { min: 1 });
    const paging = body.paging();
    body.done();
    res.json(
      mode === 'diff' ? await diff.diff(req.body, ruleId) : await preview.matches(req.body, paging),
    );
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

  api.get('/rules/fields', (req, res) => {
    requireUser(res, 'admin');
    const query = new Input('query', req.query);
    const scope = query.oneOf('target_scope', TARGET_SCOPES);
    query.done();
    res.json({ items: describeFields(scope) });
  });

  api.get('/rules/check-synced', async (req, res) => {
    requireUser(res, 'admin');
    const query = new Input('query', req.query);
    const listed = query.string('fields', { min: 1, max: 2000 });
    const fields = listed?.split(',').map((name) => name.trim());
    const known = (fields ?? []).flatMap((name) => catalogueField(name) ?? []);
    if (fields && known.length !== fields.length)
      query.fail('fields', 'Must list first-release rule fields, comma-separated.');
    const mediaType = query.oneOf('media_type', MEDIA_TYPES);
    query.done();
    res.json(await sourceStatus.checkSynced({ fields: fields && known, mediaType }));
  });

  api.get('/rules/export', async (req, res) => {
    requireUser(res, 'admin');
    const query = new Input('query', req.query);
    const ids = idList(query, 'ids');
    query.done();
    res.json(await rules.export(ids));
  });

  api.post('/rules/import', async (req, res) => {
    requireUser(res, 'admin');
    const body = Input.body(req.body);
    body.required('format');
    if (body.has('format') && body.raw('format') !== 'mcs-rules')
      body.fail('format', 'Must be "mcs-rules".');
    body.required('version');
    if (body.has('version') && body.raw('version') !== 1) body.fail('version', 'Must be 1.');
    body.required('rules');
    const list = body.array('rules') ?? [];
    if (list.length > MAX_IMPORT) body.fail('rules', `At most ${MAX_IMPORT} rules at once.`);
    const onConflict = body.oneOf('on_name_conflict', CONFLICT_MODES) ?? 'rename';
    body.done();
    res.json(await rules.import(list, onConflict));
  });

  // The Candidates page's rule filter: every user with access to that page (seed rule 2).
  api.get('/media/candidates/rules', async (_req, res) => {
    await requireCandidatesPage(res, settings);
    res.json(await rules.candidateRules());
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

/** `?ids=1,2,3`: positive ids, or undefined when absent. */
function idList(input: Input, name: string): number[] | undefined {
  const raw = input.string(name, { min: 1, max: 5000 });
  if (raw === undefined) return undefined;
  const ids = raw.split(',').map((part) => Number(part.trim()));
  if (ids.some((id) => !Number.isSafeInteger(id) || id < 1))
    input.fail(name, 'Must be a comma-separated list of rule ids.');
  return ids;
}
