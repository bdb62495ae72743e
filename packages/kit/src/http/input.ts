import { type FieldError, Invalid } from '../errors';
import { parseTimestamp } from '../time';
import type { Paging } from './page';

type Place = FieldError['in'];

const MAX_ID = Number.MAX_SAFE_INTEGER;

/**
 * Reads request values in a service and collects every problem, so one 422 names all failing
 * fields. The gateway validates requests against the OpenAPI documents first; these checks
 * keep each service safe on its own (bad input never becomes a 500) at little cost.
 */
export class Input {
  private readonly errors: FieldError[] = [];

  constructor(
    private readonly place: Place,
    private readonly values: Record<string, unknown>,
  ) {}

  /** A request body: absent means `{}`; anything but a JSON object is refused. */
  static body(body: unknown): Input {
    if (body === undefined) return new Input('body', {});
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw new Invalid([{ in: 'body', name: 'body', message: 'Must be a JSON object.' }]);
    return new Input('body', body as Record<string, unknown>);
  }

  has(name: string): boolean {
    return this.values[name] !== undefined && this.values[name] !== null;
  }

  raw(name: string): unknown {
    return this.values[name];
  }

  int(name: string, bounds: { min: number; max?: number }): number | undefined {
    const raw = this.values[name];
    if (raw === undefined) return undefined;
    const value =
      typeof raw === 'number' && this.place === 'body'
        ? raw
        : typeof raw === 'string' && /^-?\d+$/.test(raw) && this.place !== 'body'
          ? Number(raw)
          : NaN;
    const max = bounds.max ?? MAX_ID;
    if (!Number.isSafeInteger(value) || value < bounds.min || value > max)
      return this.fail(name, `Must be an integer between ${bounds.min} and ${max}.`);
    return value;
  }

  /** A required positive id; 0 only when invalid (and done() is about to throw). */
  id(name: string): number {
    if (this.values[name] === undefined) return this.fail(name, 'Is required.') ?? 0;
    return this.int(name, { min: 1 }) ?? 0;
  }

  oneOf<T extends string>(name: string, allowed: readonly T[]): T | undefined {
    const raw = this.values[name];
    if (raw === undefined) return undefined;
    if (typeof raw === 'string' && (allowed as readonly string[]).includes(raw)) return raw as T;
    return this.fail(name, `Must be one of ${allowed.join(', ')}.`);
  }

  boolean(name: string): boolean | undefined {
    const raw = this.values[name];
    if (raw === undefined) return undefined;
    if (this.place === 'body')
      return typeof raw === 'boolean' ? raw : this.fail(name, 'Must be true or false.');
    const text = typeof raw === 'string' ? raw.toLowerCase() : '';
    if (text === 'true' || text === '1') return true;
    if (text === 'false' || text === '0') return false;
    return this.fail(name, 'Must be true or false.');
  }

  string(name: string, bounds: { min: number; max: number }): string | undefined {
    const raw = this.values[name];
    if (raw === undefined) return undefined;
    if (typeof raw !== 'string' || raw.length < bounds.min || raw.length > bounds.max)
      return this.fail(name, `Must be a string of ${bounds.min} to ${bounds.max} characters.`);
    return raw;
  }

  /** A free-text reason: trimmed, and empty counts as absent (null). At most 1000 characters. */
  reason(name = 'reason'): string | null {
    const raw = this.values[name];
    if (raw === undefined || raw === null) return null;
    if (typeof raw !== 'string' || raw.length > 1000)
      return this.fail(name, 'Must be a string of at most 1000 characters.') ?? null;
    return raw.trim() || null;
  }

  /** An input timestamp (RFC 3339; naive = UTC; impossible dates refused). */
  timestamp(name: string, required = false): Date | undefined {
    const raw = this.values[name];
    if (raw === undefined || raw === null)
      return required ? this.fail(name, 'Is required.') : undefined;
    const date = typeof raw === 'string' ? parseTimestamp(raw) : undefined;
    return date ?? this.fail(name, 'Must be an RFC 3339 timestamp.');
  }

  /** An absolute http(s) URL. */
  url(name: string): string | undefined {
    const text = this.string(name, { min: 1, max: 2000 });
    if (text === undefined) return undefined;
    try {
      const url = new URL(text);
      if (url.protocol === 'http:' || url.protocol === 'https:') return text;
    } catch {
      // reported below
    }
    return this.fail(name, 'Must be an http or https URL.');
  }

  object(name: string): Record<string, unknown> | undefined {
    const raw = this.values[name];
    if (raw === undefined) return undefined;
    if (typeof raw === 'object' && raw !== null && !Array.isArray(raw))
      return raw as Record<string, unknown>;
    return this.fail(name, 'Must be an object.');
  }

  array(name: string): unknown[] | undefined {
    const raw = this.values[name];
    if (raw === undefined) return undefined;
    return Array.isArray(raw) ? raw : this.fail(name, 'Must be an array.');
  }

  required(name: string): void {
    if (this.values[name] === undefined) this.fail(name, 'Is required.');
  }

  paging(): Paging {
    return {
      page: this.int('page', { min: 1 }) ?? 1,
      perPage: this.int('per_page', { min: 1, max: 200 }) ?? 50,
    };
  }

  fail(name: string, message: string): undefined {
    this.errors.push({ in: this.place, name, message });
    return undefined;
  }

  /** Throws the collected problems as one 422 validation_failed. */
  done(): void {
    if (this.errors.length > 0) throw new Invalid(this.errors);
  }
}

/** A positive integer id from the path (422 `in: path` otherwise). */
export function pathId(params: Record<string, string>, name: string): number {
  const input = new Input('path', params);
  const id = input.id(name);
  input.done();
  return id;
}
