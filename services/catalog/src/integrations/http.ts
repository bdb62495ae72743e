/**
 * The HTTP client policy of domain.md §2.2, implemented once for every integration: base URL
 * plus credentials, per-request timeouts, a per-instance concurrency cap, retries of reads only,
 * typed JSON decoding and redacted errors. System clients only say which calls they make.
 */
import type { IncomingMessage } from 'node:http';
import { WorkSlots } from '@mcs/kit';
import { ShapeError, type Decoder } from './decode';
import {
  IntegrationError,
  InvalidBody,
  redact,
  SYSTEM_LABELS,
  type IntegrationSystem,
} from './errors';
import {
  capped,
  ConnectTimeout,
  createAgent,
  discard,
  readAll,
  send,
  type Agent,
} from './http-transport';
import { jsonArrayTexts, MalformedJson, parseElement } from './json-array-stream';
import { HTTP_DEFAULTS, type HttpClientOptions, type Query } from './http-options';
import { LimitExceeded } from './limits';
import { batchesOf, NOTHING_KNOWN, type ListBatch } from './list-batches';
import { parseRetryAfter, retryDelay } from './retry';

export type { HttpClientOptions, Query };
export { mapList, type ListBatch, type Listed } from './list-batches';
export { HTTP_DEFAULTS };

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: Query;
  body?: unknown;
  bulk?: boolean;
  /** 404 is an answer ("gone"), not a failure: verification reads. */
  notFoundIsNull?: boolean;
  /** Extra headers for this call only (Plex paging headers). */
  headers?: Record<string, string>;
}

interface Opened {
  response: IncomingMessage;
  timeout: AbortSignal;
}

export class HttpClient {
  private readonly reads: WorkSlots;
  /** Destructive and tagging calls go one at a time per instance (§2.2). */
  private readonly writes = new WorkSlots({ slots: 1 });
  private readonly agent: Agent;
  private readonly base: URL;

  constructor(private readonly options: HttpClientOptions) {
    this.base = new URL(options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
    this.reads = new WorkSlots({ slots: options.concurrency });
    this.agent = createAgent(this.base, {
      maxSockets: options.concurrency + 1,
      verifyTls: options.verifyTls,
    });
  }

  get system(): IntegrationSystem {
    return this.options.system;
  }

  /** A read whose answer must decode; retried on transient failures. */
  async get<T>(path: string, decode: Decoder<T>, call: Partial<Call> = {}): Promise<T> {
    const result = await this.read({ ...call, method: 'GET', path, notFoundIsNull: false }, decode);
    // Unreachable: without notFoundIsNull a 404 already failed in open().
    if (result === null) throw this.fail('GET', path, 'http', 'HTTP 404', 404);
    return result;
  }

  /** A read where 404 means "gone" (verification after a delete). */
  async find<T>(path: string, decode: Decoder<T>, call: Partial<Call> = {}): Promise<T | null> {
    return this.read({ ...call, method: 'GET', path, notFoundIsNull: true }, decode);
  }

  /**
   * A write (or a GET that triggers work, like Plex's refresh): never retried, one at a time.
   * Decodes the answer only when asked to.
   */
  async write<T = undefined>(call: Call, decode?: Decoder<T>): Promise<T | undefined> {
    return this.writes.run(() =>
      this.reads.run(async () => {
        const { response, timeout } = await this.open(call);
        const body = await this.body(call, response, timeout);
        if (!decode || body === null) return undefined;
        return this.decode(call, body, decode);
      }),
    );
  }

  /**
   * Streams a top-level JSON array in decoded batches. Only the request head is retried: once
   * elements have been handed out, a failure ends the enumeration as incomplete.
   *
   * Elements whose digest is in `known` come back as ids only (list-batches.ts). The list
   * and each element are capped (limits.ts).
   */
  async *stream<T>(
    path: string,
    decode: Decoder<T>,
    batchSize = 500,
    known: ReadonlyMap<string, number> = NOTHING_KNOWN,
  ): AsyncGenerator<ListBatch<T>> {
    const call: Call = { method: 'GET', path, bulk: true };
    const { listBytes, elementBytes } = this.options.limits;
    await this.reads.acquire();
    try {
      const { response, timeout } = await this.retrying(call, () => this.open(call));
      try {
        const texts = jsonArrayTexts(capped(response, 'listBytes', listBytes), elementBytes);
        const decodeText = (text: string) => this.decodeValue(call, parseElement(text), decode);
        yield* batchesOf(texts, decodeText, batchSize, known);
      } catch (error) {
        // A list that failed half-read is never read on: its socket is not reused.
        response.destroy();
        throw this.classify(call, error, timeout);
      }
    } finally {
      this.reads.release();
    }
  }

  /**
   * Hands the raw body of a bulk read that is not a JSON list (the IMDb dataset) to `consume`,
   * chunk by chunk and capped like a list. Only the request head is retried, as in stream().
   */
  async download<T>(
    path: string,
    consume: (body: AsyncIterable<Buffer>) => Promise<T>,
    call: Partial<Call> = {},
  ): Promise<T> {
    const read: Call = { ...call, method: 'GET', path, bulk: true };
    return this.reads.run(async () => {
      const { response, timeout } = await this.retrying(read, () => this.open(read));
      try {
        return await consume(capped(response, 'listBytes', this.options.limits.listBytes));
      } catch (error) {
        response.destroy();
        throw this.classify(read, error, timeout);
      }
    });
  }

  close(): void {
    this.agent.destroy();
  }

  /** Builds an error in the client's voice, e.g. for an incomplete enumeration. */
  fail(
    method: string,
    path: string,
    reason: IntegrationError['reason'],
    detail: string,
    status: number | null = null,
    retryAfterMs: number | null = null,
    permanent = false,
  ): IntegrationError {
    const where = `${SYSTEM_LABELS[this.options.system]} ${method} ${path.split('?')[0]}`;
    const message = redact(`${where}: ${detail}`, this.options.secrets);
    return new IntegrationError(
      this.options.system,
      reason,
      message,
      status,
      retryAfterMs,
      permanent,
    );
  }

  private async read<T>(call: Call, decode: Decoder<T>): Promise<T | null> {
    return this.retrying(call, () =>
      this.reads.run(async () => {
        const { response, timeout } = await this.open(call);
        const body = await this.body(call, response, timeout);
        return body === null ? null : this.decode(call, body, decode);
      }),
    );
  }

  private async retrying<T>(call: Call, attempt: () => Promise<T>): Promise<T> {
    for (let retry = 0; ; retry++) {
      try {
        return await attempt();
      } catch (error) {
        const failure = this.classify(call, error, null);
        const wait = failure.transient
          ? retryDelay(this.options.retry, retry, failure.retryAfterMs)
          : null;
        if (call.method !== 'GET' || wait === null) throw failure;
        this.options.log?.warn(
          { system: this.options.system, path: call.path, code: failure.code, retry: retry + 1 },
          'integration read failed; retrying',
        );
        await this.options.sleep(wait);
      }
    }
  }

  /** Sends the request; non-2xx answers become errors (404 may become null later). */
  private async open(call: Call): Promise<Opened> {
    if (this.options.keyUnreadable) {
      const detail =
        'the stored API key does not open with any of the configured ENCRYPTION_KEYS; enter it again';
      throw this.fail(call.method, call.path, 'secrets_unreadable', detail, null, null, true);
    }
    const timeout = AbortSignal.timeout(
      call.bulk ? this.options.bulkTimeoutMs : this.options.timeoutMs,
    );
    const signal = this.options.signal ? AbortSignal.any([timeout, this.options.signal]) : timeout;
    const body = call.body === undefined ? undefined : Buffer.from(JSON.stringify(call.body));
    const headers: Record<string, string> = {
      Accept: 'application/json',
      ...this.options.headers,
      ...call.headers,
      ...(body
        ? { 'Content-Type': 'application/json', 'Content-Length': String(body.length) }
        : {}),
    };
    let response: IncomingMessage;
    try {
      response = await send(
        {
          method: call.method,
          url: this.url(call),
          headers,
          body,
          signal,
          connectTimeoutMs: this.options.connectTimeoutMs,
        },
        this.agent,
      );
    } catch (error) {
      throw this.classify(call, error, timeout);
    }
    const status = response.statusCode ?? 0;
    if ((status >= 200 && status < 300) || (status === 404 && call.notFoundIsNull)) {
      return { response, timeout };
    }
    discard(response, this.options.limits.responseBytes);
    const retryAfter = parseRetryAfter(response.headers['retry-after']);
    if (status === 401 || status === 403) {
      throw this.fail(
        call.method,
        call.path,
        'unauthorized',
        `the server refused the credentials (HTTP ${status})`,
        status,
      );
    }
    throw this.fail(call.method, call.path, 'http', `HTTP ${status}`, status, retryAfter);
  }

  /** Reads the body; null stands for "404 where allowed". */
  private async body(
    call: Call,
    response: IncomingMessage,
    timeout: AbortSignal,
  ): Promise<Buffer | null> {
    try {
      const body = await readAll(response, this.options.limits.responseBytes);
      return response.statusCode === 404 ? null : body;
    } catch (error) {
      throw this.classify(call, error, timeout);
    }
  }

  private decode<T>(call: Call, body: Buffer, decode: Decoder<T>): T {
    let value: unknown;
    try {
      value = JSON.parse(body.toString('utf8'));
    } catch {
      throw this.fail(call.method, call.path, 'invalid_response', 'the response is not valid JSON');
    }
    return this.decodeValue(call, value, decode);
  }

  private decodeValue<T>(call: Call, value: unknown, decode: Decoder<T>): T {
    try {
      return decode(value);
    } catch (error) {
      if (error instanceof ShapeError) {
        throw this.fail(
          call.method,
          call.path,
          'invalid_response',
          `unexpected response: ${error.message}`,
        );
      }
      throw error;
    }
  }

  /** Maps anything thrown during an exchange to an IntegrationError. */
  private classify(call: Call, error: unknown, timeout: AbortSignal | null): IntegrationError {
    if (error instanceof IntegrationError) return error;
    if (error instanceof MalformedJson || error instanceof InvalidBody) {
      return this.fail(call.method, call.path, 'invalid_response', error.message);
    }
    // The same server would send the same again: retrying cannot help.
    if (error instanceof LimitExceeded)
      return this.fail(call.method, call.path, 'too_large', error.message, null, null, true);
    if (timeout?.aborted || error instanceof ConnectTimeout) {
      return this.fail(call.method, call.path, 'timeout', 'the server did not answer in time');
    }
    if (this.options.signal?.aborted)
      return this.fail(call.method, call.path, 'canceled', 'canceled');
    const code = (error as { code?: unknown }).code;
    // A refused destination stays refused: retrying it would only delay the failure.
    if (code === 'ERR_DESTINATION_NOT_ALLOWED') {
      const detail = 'the destination address is not allowed';
      return this.fail(call.method, call.path, 'unreachable', detail, null, null, true);
    }
    const detail = typeof code === 'string' ? code : 'network error';
    return this.fail(
      call.method,
      call.path,
      'unreachable',
      `the server is unreachable (${detail})`,
    );
  }

  private url(call: Call): URL {
    const url = new URL(call.path.replace(/^\//, ''), this.base);
    for (const [key, value] of Object.entries({ ...call.query, ...this.options.query })) {
      if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
    }
    return url;
  }
}
