/**
 * Caps on what an upstream may send (decision 021). Media servers, Radarr, Sonarr and Seerr are
 * not ours: a broken or hostile one must fail its own source, not run catalog out of memory.
 * A buffered answer is held whole, so its cap bounds memory; a streamed list is held one
 * element at a time, so its elements are capped, and the list as a whole so that an endless
 * one ends before its timeout. The defaults are far above what real libraries send.
 */
const KiB = 1024;
const MiB = 1024 * KiB;

export interface UpstreamLimits {
  /** A buffered answer: a page, one item, a Sonarr episode list. */
  responseBytes: number;
  /** A streamed list (Radarr `/movie`, Sonarr `/series`), all of it. */
  listBytes: number;
  /** One element of a streamed list, as text. */
  elementBytes: number;
}

export const DEFAULT_LIMITS: UpstreamLimits = {
  responseBytes: 32 * MiB,
  listBytes: 4096 * MiB,
  elementBytes: 1024 * KiB,
};

export type Limit = keyof UpstreamLimits;

/** The setting that raises each cap, and its unit: the error tells the operator which. */
export const LIMIT_SETTINGS: Record<Limit, { name: string; unit: 'MiB' | 'KiB' }> = {
  responseBytes: { name: 'UPSTREAM_RESPONSE_MAX_MB', unit: 'MiB' },
  listBytes: { name: 'UPSTREAM_LIST_MAX_MB', unit: 'MiB' },
  elementBytes: { name: 'UPSTREAM_LIST_ELEMENT_MAX_KB', unit: 'KiB' },
};

/** An upstream sent more than a cap allows; reading stopped there. */
export class LimitExceeded extends Error {
  constructor(
    readonly limit: Limit,
    capBytes: number,
  ) {
    const { name, unit } = LIMIT_SETTINGS[limit];
    const size = Math.floor(capBytes / (unit === 'MiB' ? MiB : KiB));
    const what = limit === 'elementBytes' ? 'an element of the list' : 'the response';
    super(`${what} exceeded ${size} ${unit} (${name}; raise it if the server is right)`);
    this.name = 'LimitExceeded';
  }
}
