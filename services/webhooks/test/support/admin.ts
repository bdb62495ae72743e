import type { InternalApi } from '@mcs/contracts';
import type { Principal } from '@mcs/kit';
import { callSigned } from '@mcs/kit/testing';
import type { EventType } from '../../src/domain/event-types';
import { lifecycleEvent } from './events';
import type { World } from './world';

type Schemas = InternalApi.components['schemas'];
export type EndpointWire = Schemas['WebhookEndpoint'];
export type CreatedWire = Schemas['WebhookEndpointCreated'];
export type TestResultWire = Schemas['WebhookTestResult'];
export type DeliveryWire = Schemas['WebhookDeliveryDetail'];
export type DeliveryPage = Schemas['WebhookDeliveryPage'];
export type ProblemWire = { code: string; errors?: { name: string }[] };

export const ADMIN: Principal = { type: 'user', id: 1, role: 'admin' };
export const USER: Principal = { type: 'user', id: 2, role: 'user' };
export const ENDPOINTS = '/api/settings/integrations/webhooks';
export const DELIVERIES = '/api/settings/integrations/webhook-deliveries';

/** Calls the webhooks service as the gateway does for an administrator's session. */
export function admin<T>(
  world: World,
  method: string,
  url: string,
  body?: unknown,
  principal: Principal = ADMIN,
) {
  return callSigned<T>('webhooks', world.service.url, method, url, { principal, body });
}

/** A valid WebhookEndpointInput; `overrides` replace fields. */
export function endpointInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Home Assistant',
    url: 'http://127.0.0.1:9/hooks',
    event_types: ['candidate.deleted'],
    ...overrides,
  };
}

/** Creates an endpoint through the route; fails the test unless it answers 201. */
export async function createEndpoint(
  world: World,
  overrides: Record<string, unknown> = {},
): Promise<CreatedWire> {
  const response = await admin<CreatedWire>(world, 'POST', ENDPOINTS, endpointInput(overrides));
  if (response.status !== 201)
    throw new Error(`create answered ${response.status}: ${response.text}`);
  return response.body;
}

/** The field names a 422 problem lists. */
export const fieldsOf = (problem: ProblemWire) => (problem.errors ?? []).map(({ name }) => name);

/**
 * Stores an event as the feed store does, its new deliveries parked a day ahead in the same
 * transaction: the running delivery worker leaves them alone, so a test sets their state.
 */
export async function storeParked(world: World, type: EventType) {
  const event = lifecycleEvent(type, { occurredAt: world.clock.now() });
  const parkedUntil = new Date(world.clock.now().getTime() + 86_400_000);
  await world.service.db.$transaction(async (tx) => {
    await world.service.services.feedStore.store(tx, event);
    await tx.delivery.updateMany({
      where: { eventId: event.id },
      data: { nextAttemptAt: parkedUntil },
    });
  });
  return event;
}
