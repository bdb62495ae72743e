import type { Clock, Logger, SecretBox } from '@mcs/kit';
import type { Direct } from '../db';
import { refused, type AttemptResult } from '../domain/attempt-result';
import { buildRequest, isRequest } from '../domain/outgoing-request';
import { attemptError, type KnownValues } from '../domain/redaction';
import { decideAfterAttempt } from '../domain/retry-policy';
import { afterAttempt } from '../domain/attempt-outcome';
import { attemptRequest, type AttemptRequest } from './attempt-request';
import { attemptRepository, type Recorded } from './attempt.repository';
import { claimNext, type ClaimedDelivery } from './claim.repository';
import type { DeliveryQueue } from './delivery-queue';
import { LocalTurns } from './local-turns';
import { PathsUnavailable, templatesUsePaths, type OperationPathsReader } from './operation-paths';
import type { ReceiverConnections } from './receiver-connections';
import { send, type Resolve } from './sender';
import type { PathValues } from '../domain/template-context';
import type { NewDelivery } from '../feed/feed.repository';
import { destinationPolicy, type WebhookSettings } from '../settings/webhook-settings';

/** An endpoint's next due delivery, after attempt `after` (a delivery_attempts row) freed it. */
interface HandOver {
  next: NewDelivery;
  after: bigint;
}

export interface AttemptDeps {
  direct: Direct;
  box: SecretBox;
  queue: DeliveryQueue;
  clock: Clock;
  log: Logger;
  /** The service version, for `User-Agent` (§4.12). */
  version: string;
  /** The retry jitter's random source, [0, 1). */
  random: () => number;
  /** The sender's resolver; the system's unless a test injects one. */
  resolve?: Resolve;
  /** Connections to receivers kept for the next attempt. */
  connections: ReceiverConnections;
  /** Catalog's path values of a file operation (§3.3); unset: none. */
  operationPaths?: OperationPathsReader;
  /** The general settings: the destination guard's policy, read at each attempt (§4.10). */
  settings: WebhookSettings;
}

/**
 * One delivery attempt (events-webhooks.md §4.3): claim, re-check the endpoint, build, send,
 * record, then carry on or queue what follows. Short transactions around the request: no transaction or
 * lock is held while the receiver takes its time; the lease stands in for them.
 */
export class AttemptService {
  /**
   * Endpoints with an attempt in flight in this process. A job of one of them ends without a
   * claim, which would only find the endpoint busy: in a backlog that is about every other job
   * (each new delivery has its own, §4.1), and each claim is a round trip that waits on the
   * endpoint's claim lock. The attempt in flight hands over when it ends; the mark is removed
   * before that hand-over's look-up, so the look-up sees every delivery whose job ended here.
   */
  private readonly attempting = new Set<bigint>();

  /** Hand-overs this process carries on itself; started with the worker (`startDelivery`). */
  readonly turns = new LocalTurns();

  constructor(private readonly deps: AttemptDeps) {}

  /**
   * The `attempt_delivery` job: one attempt for the endpoint of `deliveryId`, if it is due.
   * `endpointId`, when the job carries it, is that delivery's endpoint. The endpoint's next
   * due delivery is then carried on in this process, or queued as a job when it cannot be.
   */
  async run(deliveryId: bigint, endpointId?: bigint): Promise<void> {
    const handOver = await this.turn(deliveryId, endpointId);
    if (handOver && !this.turns.tryRun(() => this.carryOn(handOver)))
      await this.queueHandOver(handOver);
  }

  /** Claim, attempt, record: the endpoint's next due delivery, if it has one. */
  private async turn(deliveryId: bigint, endpointId?: bigint): Promise<HandOver | null> {
    if (endpointId !== undefined && this.attempting.has(endpointId)) return null;
    const { direct, clock, log } = this.deps;
    const claim = await claimNext(direct, deliveryId, clock());
    if (claim.kind === 'canceled')
      log.info({ delivery_id: claim.deliveryId }, 'delivery canceled: endpoint inactive');
    if (claim.kind !== 'claimed') return null;
    const delivery = claim.delivery;
    this.attempting.add(delivery.endpointId);
    let recorded: Recorded | null;
    try {
      recorded = await this.attempt(delivery);
    } finally {
      this.attempting.delete(delivery.endpointId);
    }
    return recorded ? this.afterAttempt(delivery, recorded) : null;
  }

  /**
   * Carries an endpoint through its backlog here, turn after turn, rather than queuing a job
   * per turn behind every job waiting (in a backlog about one per delivery, each three Redis
   * scripts) and behind the slots they take. It holds no worker slot, so an endpoint with a
   * backlog does not keep one from other endpoints' jobs (§4.7). When the service stops, or
   * a turn fails, the hand-over is queued as a job as before; one lost with the process
   * leaves rows the sweeper finds.
   */
  private async carryOn(first: HandOver): Promise<void> {
    let handOver: HandOver | null = first;
    while (handOver) {
      const current: HandOver = handOver;
      if (!this.turns.open) return this.queueHandOver(current);
      try {
        handOver = await this.turn(current.next.id, current.next.endpointId);
      } catch (error) {
        this.deps.log.warn({ err: error, delivery_id: current.next.id }, 'hand-over failed');
        return this.queueHandOver(current);
      }
    }
  }

  private async queueHandOver({ next, after }: HandOver): Promise<void> {
    await this.deps.queue
      .handOver(next, after)
      .catch((error: unknown) =>
        this.deps.log.warn({ err: error, delivery_id: next.id }, 'hand-over job not queued'),
      );
  }

  private async attempt(delivery: ClaimedDelivery): Promise<Recorded | null> {
    const { clock, log } = this.deps;
    const startedAt = clock();
    const { result, known } = await this.send(delivery, startedAt);
    const recorded = await this.record(delivery, startedAt, result, known);
    if (!recorded)
      log.warn({ delivery_id: delivery.id }, 'attempt not recorded: its lease expired meanwhile');
    else
      log.debug(
        { delivery_id: delivery.id, status: recorded.status, status_code: result.statusCode },
        'delivery attempted',
      );
    return recorded;
  }

  /** What follows a recorded attempt: its retry, and the endpoint's next due delivery. */
  private async afterAttempt(
    delivery: ClaimedDelivery,
    recorded: Recorded,
  ): Promise<HandOver | null> {
    const { status, nextAttemptAt, attemptId } = recorded;
    const { endpointId } = delivery;
    if (status === 'pending' && nextAttemptAt !== null)
      await this.deps.queue.scheduleRetry({
        id: delivery.id,
        endpointId,
        round: delivery.round,
        attempts: delivery.attempts + 1,
        nextAttemptAt,
      });
    // One attempt at a time per endpoint (§4.7): its next due delivery may have found it busy.
    // Only a look-up after the commit sees a delivery committed while the record ran.
    const next =
      recorded.nextDue ??
      (await attemptRepository.nextDue(this.deps.direct, endpointId, this.deps.clock()));
    return next === null ? null : { next: { id: next, endpointId }, after: attemptId };
  }

  /** Steps 3 and 4: the request is built and checked before any connection. */
  private async send(
    delivery: ClaimedDelivery,
    now: Date,
  ): Promise<{ result: AttemptResult; known: KnownValues }> {
    const { box, version, resolve, connections, settings } = this.deps;
    const paths = await this.pathsFor(delivery);
    if (paths === UNAVAILABLE)
      return { result: refused('paths_unavailable'), known: NOTHING_KNOWN };
    const prepared = openedRequest(delivery, { box, now, version, paths });
    if (!prepared) return { result: refused('secrets_unreadable'), known: NOTHING_KNOWN };
    const { plan, known } = prepared;
    const request = buildRequest(plan);
    const result = isRequest(request)
      ? await send(request, { policy: await destinationPolicy(settings), resolve, connections })
      : request;
    return { result, known };
  }

  /**
   * The event's path values, read from catalog only when the endpoint's templates use them
   * (§3.3): held for this request alone. Catalog unreachable: the attempt fails and is retried.
   */
  private async pathsFor(
    delivery: ClaimedDelivery,
  ): Promise<PathValues | null | typeof UNAVAILABLE> {
    const read = this.deps.operationPaths;
    const { endpoint, operationId } = delivery;
    if (!read || operationId === null) return null;
    if (!templatesUsePaths([endpoint.urlTemplate, endpoint.bodyTemplate])) return null;
    try {
      return await read(operationId);
    } catch (error) {
      if (error instanceof PathsUnavailable) return UNAVAILABLE;
      throw error;
    }
  }

  /** Step 5 with the retry policy (§4.4) and the redacted error (§4.5). */
  private record(
    delivery: ClaimedDelivery,
    startedAt: Date,
    result: AttemptResult,
    known: KnownValues,
  ) {
    const now = this.deps.clock();
    const number = delivery.attempts + 1;
    const decision = decideAfterAttempt(result, number, now, this.deps.random);
    const error = attemptError(result, known);
    const attempt = { round: delivery.round, number, startedAt, result, error, decision };
    return attemptRepository.record(
      this.deps.direct,
      { deliveryId: delivery.id, expiresAt: delivery.leaseExpiresAt },
      afterAttempt(attempt, now),
      now,
    );
  }
}

const NOTHING_KNOWN: KnownValues = { secrets: [], paths: [] };
const UNAVAILABLE = Symbol('paths unavailable');

/** The request with its secrets opened, or null when they do not open under the current key. */
function openedRequest(
  delivery: ClaimedDelivery,
  deps: Parameters<typeof attemptRequest>[1],
): AttemptRequest | null {
  try {
    return attemptRequest(delivery, deps);
  } catch {
    return null;
  }
}
