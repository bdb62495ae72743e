/**
 * Builds integration clients from stored service configurations: opens the sealed API key,
 * applies the configured timeout and TLS setting and the deployment's client defaults (tests
 * make retries instant). Every client is built for one piece of work and closed after it.
 */
import { type Logger, type SecretBox, UnreadableSecret } from '@mcs/kit';
import type { ServiceConfigRecord, ServiceType } from '../domain/service-config';
import type { ClientConfig } from './config';
import { DateSanitiser } from './dates';
import { IntegrationError } from './errors';
import { ImdbDatasetClient } from './imdb';
import { JellyfinClient } from './jellyfin';
import { jellyfinServer, plexServer, type MediaServerClient } from './media-server';
import { PlexClient } from './plex';
import { RadarrClient } from './radarr';
import type { ServerLibrary } from './records';
import { SeerrClient } from './seerr';
import { SonarrClient } from './sonarr';
import { TautulliClient } from './tautulli';
import { TmdbClient } from './tmdb';

export type ClientDefaults = Partial<
  Pick<ClientConfig, 'sleep' | 'retry' | 'concurrency' | 'limits'>
>;

export interface ConnectionTarget {
  serviceType: ServiceType;
  baseUrl: string;
  apiKey: string;
  timeoutSeconds: number;
  verifyTls: boolean;
}

export type ConnectionFailure = 'unreachable' | 'timeout' | 'unauthorized' | 'unexpected_response';

export class ClientFactory {
  constructor(
    private readonly box: SecretBox,
    private readonly log: Logger,
    private readonly defaults: ClientDefaults = {},
  ) {}

  /**
   * The client config of a stored service. A key that does not open (ENCRYPTION_KEYS changed)
   * gives a client that refuses every call with `secrets_unreadable` and sends nothing: every
   * caller already records an integration failure on its source, operation or tag result.
   */
  config(service: ServiceConfigRecord, dates?: DateSanitiser): ClientConfig {
    const apiKey = this.storedKey(service);
    const config = this.configOf(
      {
        serviceType: service.serviceType,
        baseUrl: service.baseUrl,
        apiKey: apiKey ?? '',
        timeoutSeconds: service.timeoutSeconds,
        verifyTls: service.verifyTls,
      },
      dates,
    );
    return apiKey === null ? { ...config, keyUnreadable: true } : config;
  }

  /** The service's API key; null when none of ENCRYPTION_KEYS opens it. */
  storedKey(service: ServiceConfigRecord): string | null {
    try {
      return this.box.open(service.apiKeyEncrypted);
    } catch (error) {
      if (error instanceof UnreadableSecret) return null;
      throw error;
    }
  }

  mediaServer(service: ServiceConfigRecord, dates?: DateSanitiser): MediaServerClient {
    return this.mediaServerOf(service.serviceType, this.config(service, dates));
  }

  radarr(service: ServiceConfigRecord, dates?: DateSanitiser): RadarrClient {
    return new RadarrClient(this.config(service, dates));
  }

  sonarr(service: ServiceConfigRecord, dates?: DateSanitiser): SonarrClient {
    return new SonarrClient(this.config(service, dates));
  }

  seerr(service: ServiceConfigRecord, dates?: DateSanitiser): SeerrClient {
    return new SeerrClient(this.config(service, dates));
  }

  /** TMDB with the general settings' base URL and opened key (§2.9.1). */
  tmdb(baseUrl: string, apiKey: string): TmdbClient {
    return new TmdbClient({ baseUrl, apiKey, log: this.log, ...this.defaults });
  }

  /** The IMDb ratings dataset at the general settings' URL (§2.9.2). */
  imdbDataset(url: string): ImdbDatasetClient {
    return new ImdbDatasetClient(url, { log: this.log, ...this.defaults });
  }

  /**
   * The type's connection test (domain.md 2.3-2.8), without retries: an administrator waiting
   * for a save should hear "unreachable" at once. Media servers also report their libraries.
   */
  async testConnection(
    target: ConnectionTarget,
  ): Promise<{ ok: true; libraries: ServerLibrary[] } | { ok: false; failure: ConnectionFailure }> {
    const config = { ...this.configOf(target), retry: { delaysMs: [], maxRetryAfterMs: 0 } };
    const closers: (() => void)[] = [];
    try {
      const libraries = await this.probe(target.serviceType, config, closers);
      return { ok: true, libraries };
    } catch (error) {
      if (!(error instanceof IntegrationError)) throw error;
      this.log.info(
        { service_type: target.serviceType, code: error.code },
        'connection test failed',
      );
      return { ok: false, failure: failureOf(error) };
    } finally {
      for (const close of closers) close();
    }
  }

  private async probe(
    type: ServiceType,
    config: ClientConfig,
    closers: (() => void)[],
  ): Promise<ServerLibrary[]> {
    switch (type) {
      case 'jellyfin':
      case 'emby':
      case 'plex': {
        const server = this.mediaServerOf(type, config);
        closers.push(() => server.close());
        await server.testConnection();
        return server.libraries();
      }
      case 'radarr': {
        const client = new RadarrClient(config);
        closers.push(() => client.close());
        await client.testConnection();
        return [];
      }
      case 'sonarr': {
        const client = new SonarrClient(config);
        closers.push(() => client.close());
        await client.testConnection();
        return [];
      }
      case 'seerr': {
        const client = new SeerrClient(config);
        closers.push(() => client.close());
        await client.testConnection();
        return [];
      }
      case 'tautulli': {
        const client = new TautulliClient(config);
        closers.push(() => client.close());
        await client.testConnection();
        return [];
      }
    }
  }

  private mediaServerOf(type: ServiceType, config: ClientConfig): MediaServerClient {
    if (type === 'plex') return plexServer(new PlexClient(config));
    const flavor = type === 'emby' ? 'emby' : 'jellyfin';
    return jellyfinServer(new JellyfinClient({ ...config, flavor }));
  }

  private configOf(target: ConnectionTarget, dates?: DateSanitiser): ClientConfig {
    return {
      baseUrl: target.baseUrl,
      apiKey: target.apiKey,
      timeoutSeconds: target.timeoutSeconds,
      verifyTls: target.verifyTls,
      dates: dates ?? new DateSanitiser(),
      log: this.log,
      ...this.defaults,
    };
  }
}

function failureOf(error: IntegrationError): ConnectionFailure {
  switch (error.reason) {
    case 'unreachable':
    case 'canceled':
      return 'unreachable';
    case 'timeout':
      return 'timeout';
    case 'unauthorized':
    case 'secrets_unreadable':
      return 'unauthorized';
    case 'http':
    case 'invalid_response':
    case 'incomplete':
    case 'too_large':
      return 'unexpected_response';
  }
}
