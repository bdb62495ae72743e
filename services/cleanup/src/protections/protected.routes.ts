import type { Router } from 'express';
import type { DurationInput } from '../domain/protection-terms';
import { Input, pathId, requireUser } from '@mcs/kit';
import { userCaller } from '../http/principal';
import { MEDIA_TYPES, readTargetInput } from '../targets/target-input';
import type { ProtectedService } from './protected.service';
import { SOURCES } from './protection.routes';

const SCOPES = ['movie', 'version', 'series', 'season', 'episode'] as const;

/** Internal protected-entry routes of the web UI (internal-api.md 9.3). */
export function protectedRoutes(api: Router, entries: ProtectedService): void {
  api.get('/protected', async (req, res) => {
    requireUser(res);
    const query = new Input('query', req.query);
    const filters = {
      mediaType: query.oneOf('media_type', MEDIA_TYPES),
      mediaId: query.int('media_id', { min: 1 }),
      tmdbId: query.int('tmdb_id', { min: 1 }),
      scope: query.oneOf('scope', SCOPES),
      source: query.oneOf('source', SOURCES),
      search: query.string('search', { min: 1, max: 200 }),
    };
    const paging = query.paging();
    query.done();
    res.json(await entries.list(filters, paging));
  });

  api.post('/protected', async (req, res) => {
    const caller = userCaller(res, 'admin');
    const body = Input.body(req.body);
    const target = readTargetInput(body);
    const terms = { reason: body.reason(), duration: readDuration(body, 'create') };
    body.done();
    const { entry, created } = await entries.create(target, terms, caller);
    res.status(created ? 201 : 200).json({ entry, created });
  });

  api.put('/protected/:entry_id/duration', async (req, res) => {
    requireUser(res, 'admin');
    const id = pathId(req.params, 'entry_id');
    const body = Input.body(req.body);
    const duration = readDuration(body, 'update');
    body.done();
    res.json(await entries.setDuration(id, duration));
  });

  api.delete('/protected/:entry_id', async (req, res) => {
    const { actor } = userCaller(res, 'admin');
    res.json(await entries.delete(pathId(req.params, 'entry_id'), actor));
  });
}

/**
 * The duration of an entry. Creating takes at most one of `duration_days` and `expires_at`
 * (neither: permanent); the duration route takes exactly one of those or `permanent: true`.
 */
function readDuration(body: Input, route: 'create' | 'update'): DurationInput {
  const fields = ['duration_days', 'expires_at', ...(route === 'update' ? ['permanent'] : [])];
  const given = fields.filter((name) => body.has(name));
  if (given.length > 1) body.fail(given[1] as string, `Give only one of ${fields.join(', ')}.`);
  if (route === 'update' && given.length === 0)
    body.fail('duration_days', `One of ${fields.join(', ')} is required.`);
  if (route === 'update' && body.has('permanent') && body.boolean('permanent') !== true)
    body.fail('permanent', 'Must be true.');
  const days = body.int('duration_days', { min: 1, max: 3650 });
  const until = body.timestamp('expires_at');
  if (days !== undefined) return { kind: 'days', days };
  if (until !== undefined) return { kind: 'until', expiresAt: until };
  return { kind: 'permanent' };
}
