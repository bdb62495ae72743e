import { type Clock, Conflict } from '@mcs/kit';
import type { Db } from '../db';
import { readTestEventType } from '../domain/action-input';
import type { AttemptResult } from '../domain/attempt-result';
import type { DestinationPolicy } from '../domain/destination-guard';
import { type EndpointSettings, readEndpointInput } from '../domain/endpoint-input';
import type { EventType } from '../domain/event-types';
import { buildRequest, isRequest, type OutgoingRequest } from '../domain/outgoing-request';
import { attemptError } from '../domain/redaction';
import type { SigningSecrets } from '../domain/signing';
import { TEST_PATH, TEST_PATHS, testEvent } from '../domain/test-payload';
import { destinationPolicy, type WebhookSettings } from '../settings/webhook-settings';
import { knownSecrets } from './endpoint-record';
import type { EndpointService } from './endpoint.service';
import { testResultView } from './endpoint.view';

/** Sends one request (delivery/sender.ts's `send`, wired in app.ts). */
export type Send = (
  request: OutgoingRequest,
  options: { policy: DestinationPolicy },
) => Promise<AttemptResult>;

interface Deps {
  db: Db;
  clock: Clock;
  endpoints: EndpointService;
  /** The general settings: the destination guard's policy (§4.10). */
  settings: WebhookSettings;
  send: Send;
  /** The service version for `User-Agent`. */
  version: string;
}

/**
 * The two test routes (events-webhooks.md §3.4, §3.5): one request with a synthetic event,
 * through the same request builder and sender as deliveries, storing nothing.
 */
export class EndpointTestService {
  constructor(private readonly deps: Deps) {}

  /** An unsaved configuration: validated like create, sent unsigned. */
  async testUnsaved(body: unknown) {
    const policy = await destinationPolicy(this.deps.settings);
    const settings = readEndpointInput(body, { policy });
    return this.sendTest(settings, 'candidate.scheduled', null, policy);
  }

  /** A saved endpoint, signed with its secrets, also when disabled. */
  async testSaved(id: bigint, body: unknown) {
    const record = await this.deps.endpoints.load(this.deps.db, id);
    if (!record.secretsReadable) throw secretsUnreadable(id);
    const type = readTestEventType(body, record.eventTypes);
    const policy = await destinationPolicy(this.deps.settings);
    return this.sendTest(record, type, record.secrets, policy);
  }

  private async sendTest(
    settings: EndpointSettings,
    type: EventType,
    secrets: SigningSecrets | null,
    policy: DestinationPolicy,
  ) {
    const now = this.deps.clock();
    const event = testEvent(type, now);
    const built = buildRequest({
      endpoint: settings,
      event,
      paths: TEST_PATHS,
      webhookId: event.payload.id,
      secrets,
      now,
      version: this.deps.version,
    });
    const result = isRequest(built) ? await this.deps.send(built, { policy }) : built;
    const error = attemptError(result, {
      secrets: knownSecrets(settings, secrets),
      paths: [TEST_PATH],
    });
    return testResultView(result, error);
  }
}

const secretsUnreadable = (id: bigint) =>
  new Conflict(
    'secrets_unreadable',
    `Webhook endpoint ${id} has secrets sealed under a key ENCRYPTION_KEYS no longer holds: enter its headers and password again and rotate its signing secret.`,
  );
