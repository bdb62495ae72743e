import { type Clock, NotFound, type SecretBox } from '@mcs/kit';
import type { Db, DbClient, Tx } from '../db';
import { readRotateSecretInput } from '../domain/action-input';
import { readEndpointInput } from '../domain/endpoint-input';
import { generateSigningSecret, rotate } from '../domain/signing';
import { destinationPolicy, type WebhookSettings } from '../settings/webhook-settings';
import { type EndpointRecord, openRecord, sealSecrets, sealSettings } from './endpoint-record';
import { endpointRepository } from './endpoint.repository';
import { createdView, endpointView, rotatedView } from './endpoint.view';

/** The management routes of events-webhooks.md §3.4 (tests: endpoint-test.service.ts). */
export class EndpointService {
  constructor(
    private readonly deps: { db: Db; clock: Clock; box: SecretBox; settings: WebhookSettings },
  ) {}

  async list() {
    const rows = await endpointRepository.listLive(this.deps.db);
    return { items: rows.map((row) => endpointView(this.open(row))) };
  }

  async get(id: bigint) {
    return endpointView(await this.load(this.deps.db, id));
  }

  async create(body: unknown) {
    const { db, box } = this.deps;
    const policy = await destinationPolicy(this.deps.settings);
    const settings = readEndpointInput(body, { policy });
    const now = this.deps.clock();
    const secrets = { current: generateSigningSecret(), previous: null, previousExpiresAt: null };
    const row = await endpointRepository.insert(
      db,
      {
        ...sealSettings(box, settings),
        ...sealSecrets(box, secrets),
        signingSecretCreatedAt: now,
      },
      now,
    );
    return createdView(this.open(row));
  }

  /** Full replacement (§3.4); disabling cancels pending deliveries in the same transaction. */
  async update(id: bigint, body: unknown) {
    const { db, box } = this.deps;
    const policy = await destinationPolicy(this.deps.settings);
    const row = await db.$transaction(async (tx) => {
      const stored = await this.lock(tx, id);
      const settings = readEndpointInput(body, { policy, stored });
      const now = this.deps.clock();
      // Settings entered again are sealed under the current key; the signing secret is not.
      // It needs a rotation to become readable, so the flag stays until then.
      if (!settings.enabled)
        await endpointRepository.cancelPending(tx, id, 'Endpoint disabled', now);
      return endpointRepository.update(tx, id, sealSettings(box, settings), now);
    });
    return endpointView(this.open(row));
  }

  /** Soft delete (§3.1); pending deliveries are canceled in the same transaction (§4.9). */
  async remove(id: bigint): Promise<void> {
    await this.deps.db.$transaction(async (tx) => {
      await this.lock(tx, id);
      const now = this.deps.clock();
      await endpointRepository.cancelPending(tx, id, 'Endpoint deleted', now);
      await endpointRepository.softDelete(tx, id, now);
    });
  }

  /** §4.11: a new secret, shown once; the replaced one signs too for the grace period. */
  async rotateSecret(id: bigint, body: unknown) {
    const { graceHours } = readRotateSecretInput(body);
    const { box } = this.deps;
    const row = await this.deps.db.$transaction(async (tx) => {
      const stored = await this.lock(tx, id);
      const now = this.deps.clock();
      // An unreadable secret cannot go on signing during a grace period.
      const secrets = rotate(stored.secrets, stored.secretsReadable ? graceHours : 0, now);
      const change = { ...sealSecrets(box, secrets), signingSecretCreatedAt: now };
      return endpointRepository.update(tx, id, change, now);
    });
    return rotatedView(this.open(row));
  }

  /** The live endpoint with its secrets opened; 404 when unknown or deleted. */
  async load(db: DbClient, id: bigint): Promise<EndpointRecord> {
    const row = await endpointRepository.findLive(db, id);
    if (!row) throw notFound(id);
    return this.open(row);
  }

  private async lock(tx: Tx, id: bigint): Promise<EndpointRecord> {
    const row = await endpointRepository.lockLive(tx, id);
    if (!row) throw notFound(id);
    return this.open(row);
  }

  private open(row: Parameters<typeof openRecord>[1]): EndpointRecord {
    return openRecord(this.deps.box, row);
  }
}

const notFound = (id: bigint) => new NotFound(`Webhook endpoint ${id} does not exist.`);
