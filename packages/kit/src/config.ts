import { readFileSync } from 'node:fs';

/**
 * Typed environment parsing. Each service describes its variables once (src/config.ts) and gets
 * one typed object back; every bad or missing key is reported together, so an operator fixes
 * the environment in one go instead of one restart per mistake.
 */
export type Env = Record<string, string | undefined>;

export interface VarSpec<T> {
  readonly parse: (raw: string | undefined) => T;
  /** Human description of the expected value, used in error messages. */
  readonly expected: string;
  /**
   * A secret may instead be read from the file named by `<NAME>_FILE` (Docker secrets, key
   * files in a data directory), so it never has to sit in the environment of a shell.
   */
  readonly fromFile?: boolean;
}

class VarError extends Error {}

function spec<T>(expected: string, parse: (raw: string | undefined) => T): VarSpec<T> {
  return { expected, parse };
}

function secretSpec<T>(expected: string, parse: (raw: string | undefined) => T): VarSpec<T> {
  return { expected, parse, fromFile: true };
}

function required(raw: string | undefined, fallback: string | undefined): string {
  const value = raw === undefined || raw.trim() === '' ? fallback : raw.trim();
  if (value === undefined) throw new VarError('is required');
  return value;
}

export const env = {
  string: (fallback?: string) => spec('a non-empty string', (raw) => required(raw, fallback)),

  /** A value that may be absent (undefined when unset or empty). */
  optional: () => spec('a string or nothing', (raw) => (raw?.trim() ? raw.trim() : undefined)),

  int: (fallback: number | undefined, bounds: { min?: number; max?: number } = {}) => {
    const { min = -Infinity, max = Infinity } = bounds;
    return spec(`an integer between ${min} and ${max}`, (raw) => {
      const text = required(raw, fallback === undefined ? undefined : String(fallback));
      const value = Number(text);
      if (!/^-?\d+$/.test(text) || value < min || value > max) {
        throw new VarError(`must be an integer between ${min} and ${max}`);
      }
      return value;
    });
  },

  bool: (fallback: boolean) =>
    spec('true or false', (raw) => {
      const text = required(raw, String(fallback)).toLowerCase();
      if (['true', '1', 'yes'].includes(text)) return true;
      if (['false', '0', 'no'].includes(text)) return false;
      throw new VarError('must be true or false');
    }),

  url: (fallback: string | undefined, protocols: readonly string[]) =>
    spec(`a URL (${protocols.join(', ')})`, (raw) => {
      const text = required(raw, fallback);
      let url: URL;
      try {
        url = new URL(text);
      } catch {
        throw new VarError('must be a valid URL');
      }
      if (!protocols.includes(url.protocol.replace(/:$/, ''))) {
        throw new VarError(`must use one of: ${protocols.join(', ')}`);
      }
      return text;
    }),

  oneOf: <T extends string>(values: readonly T[], fallback: T) =>
    spec(`one of ${values.join(', ')}`, (raw) => {
      const text = required(raw, fallback);
      if (!(values as readonly string[]).includes(text)) {
        throw new VarError(`must be one of: ${values.join(', ')}`);
      }
      return text as T;
    }),

  /** A string matching `pattern` (names used in broker, Redis or SQL identifiers). */
  /** A string accepted by a pattern, or by a predicate where a pattern would be unreadable. */
  pattern: (fallback: string, pattern: RegExp | ((text: string) => boolean), description: string) =>
    spec(description, (raw) => {
      const text = required(raw, fallback);
      const valid = pattern instanceof RegExp ? pattern.test(text) : pattern(text);
      if (!valid) throw new VarError('is not valid');
      return text;
    }),

  /** Secrets of at least `minLength` characters each, separated by commas or line breaks. */
  secretList: (minLength: number) =>
    secretSpec(`secrets of at least ${minLength} characters, comma-separated`, (raw) => {
      const values = required(raw, undefined)
        .split(/[\s,]+/)
        .filter(Boolean);
      if (values.some((value) => value.length < minLength))
        throw new VarError(`must hold secrets of at least ${minLength} characters each`);
      if (new Set(values).size !== values.length) throw new VarError('lists a secret twice');
      return values;
    }),

  /** A secret parsed by `parse`, which throws (with a message naming no key material). */
  key: <T>(expected: string, parse: (text: string) => T) =>
    secretSpec(expected, (raw) => {
      const text = required(raw, undefined);
      try {
        return parse(text);
      } catch (error) {
        throw new VarError(
          `is not valid: ${error instanceof Error ? error.message : 'unreadable'}`,
        );
      }
    }),

  /** A variable that no longer exists: setting it stops the process, naming what replaced it. */
  replacedBy: (replacement: string) =>
    spec(`unset (replaced by ${replacement})`, (raw) => {
      if (raw !== undefined && raw !== '')
        throw new VarError(`is no longer read; use ${replacement}`);
      return undefined;
    }),
};

export type Schema = Record<string, VarSpec<unknown>>;
export type Parsed<S extends Schema> = {
  [K in keyof S]: S[K] extends VarSpec<infer T> ? T : never;
};

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses `source` against `schema`; throws one ConfigError naming every bad key. */
export function parseEnv<S extends Schema>(schema: S, source: Env): Parsed<S> {
  const problems: string[] = [];
  const result: Record<string, unknown> = {};
  for (const [key, varSpec] of Object.entries(schema)) {
    try {
      result[key] = varSpec.parse(varSpec.fromFile ? valueOrFile(key, source) : source[key]);
    } catch (error) {
      if (!(error instanceof VarError)) throw error;
      // Never echo the raw value: it may be a secret.
      problems.push(`${key} ${error.message} (expected ${varSpec.expected})`);
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return result as Parsed<S>;
}

/** `<NAME>` or the content of the file named by `<NAME>_FILE` (not both). */
function valueOrFile(key: string, source: Env): string | undefined {
  const file = source[`${key}_FILE`];
  if (file === undefined || file.trim() === '') return source[key];
  if (source[key] !== undefined && source[key] !== '')
    throw new VarError(`and ${key}_FILE are both set; set one of them`);
  try {
    return readFileSync(file.trim(), 'utf8').trim();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new VarError(`cannot be read from ${key}_FILE (${code})`);
  }
}

/**
 * For src/config.ts of each service: parse, or print every problem and stop the process.
 * Exits with status 78 (EX_CONFIG) so supervisors can tell a configuration error from a crash.
 */
export function loadConfigOrExit<S extends Schema, C>(
  schema: S,
  build: (vars: Parsed<S>) => C,
  source: Env = process.env,
): C {
  try {
    return build(parseEnv(schema, source));
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(78);
  }
}
