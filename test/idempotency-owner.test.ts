import { callSigned } from '@mcs/kit/testing';
import { fingerprintOf } from '../services/gateway/src/idempotency/idempotency.service';
import * as seed from '../services/cleanup/test/support/factories';
import { useStack } from './support/cleanup-e2e';

/**
 * The owning service's idempotency record (issue 11 point 1): the service may see a key the
 * gateway no longer knows — after the gateway's record expired, or after the gateway answered
 * 5xx while the service had committed. A different request under that key must then be
 * refused (422) or, once the service's record has expired too, run; never answered with the
 * old outcome.
 */
const stack = useStack();

const candidate = async () => {
  const movie = await seed.newMovie(stack.db);
  return seed.newCandidate(stack.db, seed.versionTarget(movie));
};
const state = async (id: number) =>
  (await stack.call('GET', `/api/v1/candidates/${id}`, { token: stack.manage })).body
    .auto_delete_state;
const postpone = { until: new Date(Date.now() + 30 * 86_400_000).toISOString() };

/** Let the retention pass: the gateway's record, and the service's when `service` is set. */
async function expire(key: string, service: boolean): Promise<void> {
  await stack.pool.query(
    `UPDATE gateway.idempotency_records SET expires_at = now() - interval '1 second' WHERE key = $1`,
    [key],
  );
  if (service)
    await stack.pool.query(
      `UPDATE cleanup.idempotent_requests SET expires_at = now() - interval '1 second' WHERE key = $1`,
      [key],
    );
}

describe('after the gateway’s record expired', () => {
  test('a different request under the key runs once the retention has passed everywhere', async () => {
    const id = await candidate();
    expect((await stack.act(id, 'cancel', {}, 'k-expired')).status).toBe(200);
    await expire('k-expired', true);

    const reply = await stack.act(id, 'postpone', postpone, 'k-expired');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      replayed: false,
      candidate: { auto_delete_state: 'postponed' },
    });
    expect(await stack.types({ candidate: id })).toEqual([
      'candidate.canceled',
      'candidate.postponed',
    ]);
  });

  test('while the service still holds the key, a different request is refused and changes nothing', async () => {
    const id = await candidate();
    expect((await stack.act(id, 'cancel', {}, 'k-held')).status).toBe(200);
    await expire('k-held', false);

    const reply = await stack.act(id, 'postpone', postpone, 'k-held');
    expect(reply).toMatchObject({ status: 422, body: { code: 'idempotency_key_reused' } });
    expect(await state(id)).toBe('canceled');
    expect(await stack.types({ candidate: id })).toEqual(['candidate.canceled']);
  });
});

describe('after the gateway answered 5xx while the service had committed', () => {
  /** What reached the service before the gateway failed: the same signed call the gateway makes. */
  async function committedBehindTheGateway(id: number, key: string) {
    const path = `/api/v1/candidates/${id}/cancel`;
    const { manage } = stack;
    const reply = await callSigned('cleanup', stack.cleanup.url, 'POST', path, {
      principal: {
        type: 'api_token',
        id: manage.id,
        scopes: ['candidates:manage'],
        name: manage.name,
      },
      body: {},
      key,
      fingerprint: fingerprintOf({ method: 'POST', path, body: {} }),
    });
    expect(reply.status).toBe(200);
    return reply.body;
  }

  test('the retried request gets the service’s outcome, replayed, and nothing runs twice', async () => {
    const id = await candidate();
    const original = await committedBehindTheGateway(id, 'k-retry');
    const retry = await stack.act(id, 'cancel', {}, 'k-retry');
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual({ ...(original as object), replayed: true });
    expect(await stack.types({ candidate: id })).toEqual(['candidate.canceled']);
  });

  test('a different request under the key is refused with 422 and changes nothing', async () => {
    const id = await candidate();
    await committedBehindTheGateway(id, 'k-other');
    const reply = await stack.act(id, 'postpone', postpone, 'k-other');
    expect(reply).toMatchObject({ status: 422, body: { code: 'idempotency_key_reused' } });
    expect(await state(id)).toBe('canceled');
    expect(await stack.types({ candidate: id })).toEqual(['candidate.canceled']);
  });
});
