import type { Router } from 'express';
import { pathId, requireUser } from '@mcs/kit';
import type { EndpointTestService } from './endpoint-test.service';
import type { EndpointService } from './endpoint.service';

const BASE = '/settings/integrations/webhooks';

const endpointId = (params: Record<string, string>) => BigInt(pathId(params, 'endpoint_id'));

/** Webhook endpoint management (events-webhooks.md §3.4), administrators only. */
export function endpointRoutes(
  api: Router,
  services: { endpoints: EndpointService; endpointTests: EndpointTestService },
): void {
  const { endpoints, endpointTests } = services;

  api.get(BASE, async (_req, res) => {
    requireUser(res, 'admin');
    res.json(await endpoints.list());
  });

  api.post(BASE, async (req, res) => {
    requireUser(res, 'admin');
    const created = await endpoints.create(req.body);
    res.status(201).location(`/api${BASE}/${created.id}`).json(created);
  });

  api.post(`${BASE}/test`, async (req, res) => {
    requireUser(res, 'admin');
    res.json(await endpointTests.testUnsaved(req.body));
  });

  api.get(`${BASE}/:endpoint_id`, async (req, res) => {
    requireUser(res, 'admin');
    res.json(await endpoints.get(endpointId(req.params)));
  });

  api.put(`${BASE}/:endpoint_id`, async (req, res) => {
    requireUser(res, 'admin');
    res.json(await endpoints.update(endpointId(req.params), req.body));
  });

  api.delete(`${BASE}/:endpoint_id`, async (req, res) => {
    requireUser(res, 'admin');
    await endpoints.remove(endpointId(req.params));
    res.status(204).end();
  });

  api.post(`${BASE}/:endpoint_id/test`, async (req, res) => {
    requireUser(res, 'admin');
    res.json(await endpointTests.testSaved(endpointId(req.params), req.body));
  });

  api.post(`${BASE}/:endpoint_id/rotate-secret`, async (req, res) => {
    requireUser(res, 'admin');
    res.json(await endpoints.rotateSecret(endpointId(req.params), req.body));
  });
}
