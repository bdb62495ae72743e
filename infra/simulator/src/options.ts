/** What a simulator instance serves, with defaults that suit tests (small) and the CLI. */
export type SimSystem = 'jellyfin' | 'plex' | 'radarr' | 'sonarr' | 'seerr';

export const SIM_SYSTEMS: readonly SimSystem[] = ['jellyfin', 'plex', 'radarr', 'sonarr', 'seerr'];

export interface SimulatorOptions {
  movies: number;
  series: number;
  seasonsPerSeries: number;
  episodesPerSeason: number;
  /** Media-server users (also Seerr users and Plex accounts). */
  users: number;
  seed: number;
  /** 0 picks a free port. */
  port: number;
  host: string;
  /** The key each system accepts; anything else is answered with 401. */
  apiKeys: Record<SimSystem, string>;
}

export const DEFAULT_OPTIONS: SimulatorOptions = {
  movies: 100,
  series: 10,
  seasonsPerSeries: 2,
  episodesPerSeason: 8,
  users: 3,
  seed: 1,
  port: 0,
  host: '127.0.0.1',
  apiKeys: {
    jellyfin: 'sim-jellyfin-key',
    plex: 'sim-plex-token',
    radarr: 'sim-radarr-key',
    sonarr: 'sim-sonarr-key',
    seerr: 'sim-seerr-key',
  },
};

export function resolveOptions(partial: Partial<SimulatorOptions> = {}): SimulatorOptions {
  const options = {
    ...DEFAULT_OPTIONS,
    ...partial,
    apiKeys: { ...DEFAULT_OPTIONS.apiKeys, ...partial.apiKeys },
  };
  for (const key of [
    'movies',
    'series',
    'seasonsPerSeries',
    'episodesPerSeason',
    'users',
  ] as const) {
    const value = options[key];
    if (!Number.isInteger(value) || value < 0)
      throw new RangeError(`${key} must be a whole number ≥ 0`);
  }
  if (options.users < 1) throw new RangeError('users must be at least 1');
  return options;
}
