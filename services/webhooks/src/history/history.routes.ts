import type { Router } from 'express';
import { Input, pathId, requireUser } from '@mcs/kit';
import { EVENT_TYPES } from '../domain/event-types';
import type { HistoryService } from './history.service';

const BASE = '/settings/integrations/webhook-deliveries';
const STATUSES = ['pending', 'delivered', 'failed', 'canceled'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const deliveryId = (params: Record<string, string>) => BigInt(pathId(params, 'delivery_id'));

/** Delivery history and manual retry (events-webhooks.md §3.6), administrators only. */
export function historyRoutes(api: Router, services: { history: HistoryService }): void {
  const { history } = services;

  api.get(BASE, async (req, res) => {
    requireUser(res, 'admin');
    const query = new Input('query', req.query);
    const endpointId = query.int('endpoint_id', { min: 1 });
    const eventId = query.string('event_id', { min: 36, max: 36 });
    if (eventId !== undefined && !UUID.test(eventId)) query.fail('event_id', 'Must be a UUID.');
    const filter = {
      endpointId: endpointId === undefined ? undefined : BigInt(endpointId),
      eventId: eventId?.toLowerCase(),
      eventType: query.oneOf('event_type', EVENT_TYPES),
      status: query.oneOf('status', STATUSES),
      createdAfter: query.timestamp('created_after'),
      createdBefore: query.timestamp('created_before'),
    };
    const paging = query.paging();
    query.done();
    res.json(await history.list(filter, paging));
  });

  api.get(`${BASE}/:delivery_id`, async (req, res) => {
    requireUser(res, 'admin');
    res.json(await history.get(deliveryId(req.params)));
  });

  api.post(`${BASE}/:delivery_id/retry`, async (req, res) => {
    requireUser(res, 'admin');
    Input.body(req.body); // no fields, but a body, if sent, must be an object
    res.status(202).json(await history.retry(deliveryId(req.params)));
  });
}
