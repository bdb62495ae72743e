/**
 * A tiny runtime decoder for external responses. §2.2: a response that does not have the shape
 * we rely on is an error, never "empty". Decoders check only the fields we use, so unrelated
 * additions in new server versions never break a sync.
 *
 * Error texts name the field path but never the value: values may hold filesystem paths or
 * tokens, which must not reach error bodies or logs (§1.12).
 */
export type Decoder<T> = (value: unknown) => T;

export class ShapeError extends Error {
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {
    super(path ? `${path} ${problem}` : problem);
    this.name = 'ShapeError';
  }

  /** Prefixes the path while the error travels out of nested decoders. */
  within(key: string | number): ShapeError {
    const head = typeof key === 'number' ? `[${key}]` : key;
    const tail = this.path === '' ? '' : this.path.startsWith('[') ? this.path : `.${this.path}`;
    return new ShapeError(`${head}${tail}`, this.problem);
  }
}

function fail(expected: string, value: unknown): never {
  throw new ShapeError('', value === undefined ? 'is missing' : `is not ${expected}`);
}

export const string: Decoder<string> = (v) => (typeof v === 'string' ? v : fail('a string', v));

export const number: Decoder<number> = (v) =>
  typeof v === 'number' && Number.isFinite(v) ? v : fail('a number', v);

export const integer: Decoder<number> = (v) =>
  typeof v === 'number' && Number.isInteger(v) ? v : fail('an integer', v);

export const boolean: Decoder<boolean> = (v) => (typeof v === 'boolean' ? v : fail('a boolean', v));

/** Accepts a number where APIs are inconsistent about id types (Plex, Tautulli) and keeps text. */
export const idString: Decoder<string> = (v) =>
  typeof v === 'string' && v !== ''
    ? v
    : typeof v === 'number' && Number.isFinite(v)
      ? String(v)
      : fail('an id', v);

/** Numbers some APIs send as strings ("1080", "8000000"); anything else is a shape error. */
export const numeric: Decoder<number> = (v) => {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return fail('numeric', v);
};

/** Passes the raw value through; used for dates, which dates.ts sanitises rather than rejects. */
export const raw: Decoder<unknown> = (v) => v;

/** Absent and JSON null both mean "not known". */
export function optional<T>(decoder: Decoder<T>): Decoder<T | null> {
  return (v) => (v === undefined || v === null ? null : decoder(v));
}

export function array<T>(decoder: Decoder<T>): Decoder<T[]> {
  return (v) => {
    if (!Array.isArray(v)) return fail('a list', v);
    const out = new Array<T>(v.length);
    for (let i = 0; i < v.length; i++) {
      try {
        out[i] = decoder(v[i]);
      } catch (error) {
        throw error instanceof ShapeError ? error.within(i) : error;
      }
    }
    return out;
  };
}

/** A list that servers omit when empty (Jellyfin `MediaSources`, Plex `Metadata`). */
export function list<T>(decoder: Decoder<T>): Decoder<T[]> {
  const whole = array(decoder);
  return (v) => (v === undefined || v === null ? [] : whole(v));
}

export function record(v: unknown): Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
    ? (v as Record<string, unknown>)
    : fail('an object', v);
}

/** Decodes the listed fields only; the result holds exactly those keys. */
export function object<T>(fields: { [K in keyof T]-?: Decoder<T[K]> }): Decoder<T> {
  const keys = Object.keys(fields) as (keyof T & string)[];
  return (v) => {
    const source = record(v);
    const out = {} as T;
    for (const key of keys) {
      try {
        out[key] = fields[key](source[key]);
      } catch (error) {
        throw error instanceof ShapeError ? error.within(key) : error;
      }
    }
    return out;
  };
}
