/**
 * Shared set-up for the integration client tests: retries do not wait, and every failure is
 * checked for leaked credentials. It does not import nock, which patches node:http as soon as it
 * is loaded: a file that only needs these helpers must not leave nock's interceptor behind for
 * the next file its jest worker runs (use-nock.ts).
 */
import type { ClientConfig } from '../../src/integrations/config';
import { DateSanitiser } from '../../src/integrations/dates';
import { IntegrationError } from '../../src/integrations/errors';
import type { ListBatch } from '../../src/integrations/http';

export const API_KEY = 'k3y-5ecret-7f2a9c41d0';
export const NOW = new Date('2025-06-01T12:00:00Z');

export interface TestConfig extends ClientConfig {
  dates: DateSanitiser;
  sleeps: number[];
}

/**
 * A config whose retries are recorded instead of slept. Its request timeout is generous: nock
 * answers in-process, but on a loaded two-core CI machine an answer took over 300 ms (the
 * former default) and a sweep test failed with a timeout. Timeout behaviour is tested with an
 * explicit short timeout and a delayed reply.
 */
export function testConfig(baseUrl: string, extra: Partial<ClientConfig> = {}): TestConfig {
  const sleeps: number[] = [];
  return {
    baseUrl,
    apiKey: API_KEY,
    timeoutSeconds: 5,
    clock: () => NOW,
    dates: new DateSanitiser(() => NOW),
    sleep: (ms) => {
      sleeps.push(ms);
      return Promise.resolve();
    },
    sleeps,
    ...extra,
  };
}

/** Every element of a paged or streamed list (a streamed list's values, none known). */
export async function collect<T>(pages: AsyncIterable<T[] | ListBatch<T>>): Promise<T[]> {
  const all: T[] = [];
  for await (const page of pages)
    all.push(...(Array.isArray(page) ? page : page.items.map((item) => item.value)));
  return all;
}

/** Awaits a failure and checks the rule every integration error must keep: no secrets. */
export async function failureOf(
  work: Promise<unknown> | (() => Promise<unknown>),
): Promise<IntegrationError> {
  try {
    await (typeof work === 'function' ? work() : work);
  } catch (error) {
    expect(error).toBeInstanceOf(IntegrationError);
    const failure = error as IntegrationError;
    expect(failure.message).not.toContain(API_KEY);
    expect(failure.message).not.toContain(encodeURIComponent(API_KEY));
    expect(JSON.stringify(failure)).not.toContain(API_KEY);
    return failure;
  }
  throw new Error('expected the call to fail');
}
