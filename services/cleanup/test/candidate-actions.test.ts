import { waitFor, DAY } from '@mcs/kit/testing';
import { type ActionResponse, OTHER_TOKEN } from './support/api';
import { candidateCalls } from './support/calls';
import { useWorld } from './support/world';

/** Cancel, postpone and reset-timer (external-api.md 2.3-2.4, EA#22-26, EA#30-33). */
const world = useWorld();

const { act, candidate, delivered, eventNames, movieCandidate } = candidateCalls(world);

test('EA#22: cancel a scheduled candidate → canceled, inactive, with its event on the broker', async () => {
  const { id } = await movieCandidate();
  const response = await act(id, 'cancel', { reason: '  Keep for the film club  ' });
  expect(response.status).toBe(200);
  expect(response.body).toMatchObject({
    candidate: {
      id,
      auto_delete_state: 'canceled',
      auto_delete_is_active: false,
      auto_delete_cancelled_at: world.clock.now().toISOString(),
      lifecycle_reason: 'Keep for the film club',
      lifecycle_updated_at: world.clock.now().toISOString(),
    },
    protection_id: null,
    replayed: false,
  });
  expect(response.body.event_id).toMatch(/^[0-9a-f-]{36}$/);
  await waitFor(() => delivered(id).length === 1);
  expect(delivered(id)[0]).toMatchObject({
    name: 'candidate.canceled',
    messageId: response.body.event_id,
    payload: { id: response.body.event_id, candidate_id: id, actor: { type: 'api_token', id: 4 } },
  });
});

test('EA#23: cancel with no body at all is cancel with {}; a second cancel keeps the first time', async () => {
  const { id } = await movieCandidate();
  const first = await act(id, 'cancel');
  expect(first.body.candidate.lifecycle_reason).toBeNull();
  world.clock.advance(1000);
  const second = await act(id, 'cancel', {});
  expect(second.body.candidate.auto_delete_cancelled_at).toBe(
    first.body.candidate.auto_delete_cancelled_at,
  );
  expect(second.body.candidate.lifecycle_updated_at).toBe(world.clock.now().toISOString());
});

test('EA#24: postpone into the past or to the deadline itself → 422; nothing changes, no event', async () => {
  const { id } = await movieCandidate();
  const before = await candidate(id);
  const past = await act(id, 'postpone', { until: '2020-01-01T00:00:00Z' });
  expect(past.status).toBe(422);
  expect(past.body).toMatchObject({
    code: 'validation_failed',
    errors: [{ in: 'body', name: 'until' }],
  });
  const atDeadline = await act(id, 'postpone', { until: before.auto_delete_eligible_at });
  expect(atDeadline.body).toMatchObject({ status: 422, code: 'postpone_not_after_deadline' });
  expect(await candidate(id)).toEqual(before);
  expect(await world.recorded(id)).toEqual([]);
});

test('EA#25: postpone a canceled candidate → postponed, un-canceled, deadline = until', async () => {
  const { id } = await movieCandidate({ cancelledAt: world.clock.now() });
  const until = new Date(world.clock.now().getTime() + 30 * DAY).toISOString();
  const response = await act(id, 'postpone', { until, reason: 'Easter' });
  expect(response.body.candidate).toMatchObject({
    auto_delete_state: 'postponed',
    auto_delete_cancelled_at: null,
    auto_delete_postponed_until: until,
    auto_delete_eligible_at: until,
    auto_delete_is_active: true,
  });
  await waitFor(() => eventNames(id).includes('candidate.postponed'));
});

test('a naive until (no offset) is taken as UTC', async () => {
  const { id } = await movieCandidate();
  const until = new Date(world.clock.now().getTime() + 30 * DAY).toISOString();
  const response = await act(id, 'postpone', { until: until.slice(0, 19) });
  expect(response.body.candidate.auto_delete_postponed_until).toBe(`${until.slice(0, 19)}.000Z`);
});

test('EA#26: reset-timer on a postponed candidate → scheduled with a new timer from now', async () => {
  const now = world.clock.now();
  const { id } = await movieCandidate({
    createdAt: new Date(now.getTime() - 20 * DAY),
    postponedUntil: new Date(now.getTime() + 5 * DAY),
    cancelledAt: null,
  });
  world.clock.advance(1000);
  const response = await act(id, 'reset-timer', { reason: 'Watch again' });
  const later = world.clock.now();
  expect(response.body.candidate).toMatchObject({
    auto_delete_state: 'scheduled',
    auto_delete_postponed_until: null,
    auto_delete_cancelled_at: null,
    auto_delete_timer_started_at: later.toISOString(),
    auto_delete_eligible_at: new Date(later.getTime() + 14 * DAY).toISOString(),
  });
  await waitFor(() => eventNames(id).includes('candidate.timer_reset'));
});

test('reset-timer with a delay of 0 makes the candidate eligible at once', async () => {
  const { id } = await movieCandidate({ delayDays: 0, cancelledAt: world.clock.now() });
  expect((await act(id, 'reset-timer')).body.candidate.auto_delete_state).toBe('eligible');
});

test('time passing turns scheduled and postponed into eligible without any event', async () => {
  const { id } = await movieCandidate({ delayDays: 1 });
  const postponed = await movieCandidate({
    delayDays: 1,
    postponedUntil: new Date(world.clock.now().getTime() + 2 * DAY),
  });
  expect((await candidate(id)).auto_delete_state).toBe('scheduled');
  expect((await candidate(postponed.id)).auto_delete_state).toBe('postponed');
  world.clock.advance(2 * DAY);
  expect((await candidate(id)).auto_delete_state).toBe('eligible');
  expect((await candidate(postponed.id)).auto_delete_state).toBe('eligible');
  expect([...(await world.recorded(id)), ...(await world.recorded(postponed.id))]).toEqual([]);
  world.clock.set(new Date());
});

test('a disabled candidate accepts every action and stays disabled; the fields are stored', async () => {
  const { id } = await movieCandidate({ configured: false });
  const response = await act(id, 'cancel');
  expect(response.body.candidate).toMatchObject({
    auto_delete_state: 'disabled',
    auto_delete_cancelled_at: world.clock.now().toISOString(),
  });
});

describe('idempotency (EA#30, EA#33)', () => {
  test('the same key twice replays the first outcome: same event_id, replayed, one event', async () => {
    const { id } = await movieCandidate();
    const first = await act(id, 'cancel', { reason: 'k1' }, 'k1');
    const second = await act(id, 'cancel', { reason: 'k1' }, 'k1');
    expect(second.status).toBe(200);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(second.body).toEqual({ ...first.body, replayed: true });
    expect(await world.recorded(id)).toEqual(['candidate.canceled']);
    await world.drained();
    await waitFor(() => delivered(id).length === 1);
  });

  test('the same key under another token is an independent execution', async () => {
    const { id } = await movieCandidate();
    const first = await act(id, 'cancel', {}, 'shared-key');
    const other = await world.api<ActionResponse>('POST', `/api/v1/candidates/${id}/cancel`, {
      body: {},
      key: 'shared-key',
      principal: OTHER_TOKEN,
    });
    expect(other.body.replayed).toBe(false);
    expect(other.body.event_id).not.toBe(first.body.event_id);
  });

  test('a replay works even after the candidate is gone', async () => {
    const { id } = await movieCandidate();
    const first = await act(id, 'reset-timer', {}, 'gone');
    await world.service.db.candidate.delete({ where: { id: BigInt(id) } });
    expect((await act(id, 'reset-timer', {}, 'gone')).body).toEqual({
      ...first.body,
      replayed: true,
    });
  });
});

test('an unknown candidate → 404 for every action', async () => {
  expect((await act(987654, 'protect')).body).toMatchObject({ status: 404, code: 'not_found' });
});
