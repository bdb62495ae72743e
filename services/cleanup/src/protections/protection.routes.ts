import type { Router } from 'express';
import { Input, pathId, sendOutcome } from '@mcs/kit';
import { externalCaller } from '../http/principal';
import { MEDIA_TYPES, readTargetInput } from '../targets/target-input';
import type { ProtectionService } from './protection.service';

export const SOURCES = ['manual', 'api', 'rule'] as const;

/** External protection routes (external-api.md 2.7), served behind the gateway. */
export function protectionRoutes(api: Router, protections: ProtectionService): void {
  api.get('/v1/protections', async (req, res) => {
    const query = new Input('query', req.query);
    const filters = {
      mediaType: query.oneOf('media_type', MEDIA_TYPES),
      mediaId: query.int('media_id', { min: 1 }),
      tmdbId: query.int('tmdb_id', { min: 1 }),
      source: query.oneOf('source', SOURCES),
      activeOnly: query.boolean('active_only') ?? true,
    };
    const paging = query.paging();
    query.done();
    res.json(await protections.list(filters, paging));
  });

  api.get('/v1/protections/:protection_id', async (req, res) => {
    res.json(await protections.get(pathId(req.params, 'protection_id')));
  });

  api.post('/v1/protections', async (req, res) => {
    const body = Input.body(req.body);
    const request = {
      target: readTargetInput(body),
      reason: body.reason(),
      expiresAt: body.timestamp('expires_at') ?? null,
    };
    body.done();
    sendOutcome(res, await protections.create({ ...request, ...externalCaller(req, res) }));
  });

  api.delete('/v1/protections/:protection_id', async (req, res) => {
    const id = pathId(req.params, 'protection_id');
    Input.body(req.body); // a body is ignored, but must be an object if sent
    const { actor, idempotency } = externalCaller(req, res);
    sendOutcome(res, await protections.delete(id, actor, idempotency));
  });
}
