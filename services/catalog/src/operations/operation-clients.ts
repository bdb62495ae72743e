/**
 * The external calls of a plan and its verification reads, against the clients of the acting
 * instances. Attempt-log entries name the call with placeholders only (no ids of paths, no
 * URLs, no keys), as the contract's OperationAttempt asks.
 */
import type { ServiceConfigRecord } from '../domain/service-config';
import type { ClientFactory } from '../integrations/client-factory';
import type { MediaServerClient } from '../integrations/media-server';
import type { RadarrClient } from '../integrations/radarr';
import type { SonarrClient } from '../integrations/sonarr';
import { FileMover, type Rename } from './file-move';
import type { Check, Step } from './plan';

type Clients = { radarr: RadarrClient; sonarr: SonarrClient; server: MediaServerClient };

/** Clients of one operation, built on first use and closed at the end; `files` moves files. */
export class OperationClients {
  private readonly open = new Map<string, { close(): void }>();
  readonly files: FileMover;

  constructor(
    private readonly factory: ClientFactory,
    private readonly services: Map<number, ServiceConfigRecord>,
    rename?: Rename,
  ) {
    this.files = new FileMover(rename);
  }

  get<S extends keyof Clients>(system: S, serviceId: number): Clients[S] {
    const key = `${system}:${serviceId}`;
    const existing = this.open.get(key);
    if (existing) return existing as Clients[S];
    const service = this.services.get(serviceId);
    if (!service) throw new Error(`Service ${serviceId} is not configured.`);
    const client =
      system === 'radarr'
        ? this.factory.radarr(service)
        : system === 'sonarr'
          ? this.factory.sonarr(service)
          : this.factory.mediaServer(service);
    this.open.set(key, client);
    return client as Clients[S];
  }

  close(): void {
    for (const client of this.open.values()) client.close();
  }
}

export const STEP_LABELS: Record<Step['call'], string> = {
  deleteMovie: 'DELETE /api/v3/movie/{id}',
  deleteMovieFile: 'DELETE /api/v3/moviefile/{id}',
  unmonitorMovie: 'PUT /api/v3/movie/editor',
  deleteSeries: 'DELETE /api/v3/series/{id}',
  deleteEpisodeFiles: 'DELETE /api/v3/episodefile/{id}',
  unmonitorSeries: 'PUT /api/v3/series/editor',
  unmonitorSeasons: 'PUT /api/v3/series/{id}',
  unmonitorEpisodes: 'PUT /api/v3/episode/monitor',
  deleteFile: 'DELETE version',
  deleteItem: 'DELETE item',
  moveFiles: 'move files',
  rescanMovie: 'POST /api/v3/command RefreshMovie',
  rescanSeries: 'POST /api/v3/command RefreshSeries',
  refreshPaths: 'refresh moved paths',
};

export async function perform(clients: OperationClients, step: Step): Promise<void> {
  switch (step.call) {
    case 'deleteMovie':
      return clients.get('radarr', step.serviceId).deleteMovie(step.movieId, {
        deleteFiles: step.deleteFiles,
        addImportExclusion: step.exclusion,
      });
    case 'deleteMovieFile':
      return clients.get('radarr', step.serviceId).deleteMovieFile(step.fileId);
    case 'unmonitorMovie':
      return clients.get('radarr', step.serviceId).unmonitor([step.movieId]);
    case 'deleteSeries':
      return clients.get('sonarr', step.serviceId).deleteSeries(step.seriesId, {
        deleteFiles: step.deleteFiles,
        addImportListExclusion: step.exclusion,
      });
    case 'deleteEpisodeFiles': {
      const sonarr = clients.get('sonarr', step.serviceId);
      const [only] = step.fileIds;
      return step.fileIds.length === 1 && only !== undefined
        ? sonarr.deleteEpisodeFile(only)
        : sonarr.deleteEpisodeFiles(step.fileIds);
    }
    case 'unmonitorSeries':
      return clients.get('sonarr', step.serviceId).unmonitorSeries([step.seriesId]);
    case 'unmonitorSeasons':
      return clients.get('sonarr', step.serviceId).unmonitorSeasons(step.seriesId, step.seasons);
    case 'unmonitorEpisodes':
      return clients.get('sonarr', step.serviceId).unmonitorEpisodes(step.episodeIds);
    case 'deleteFile':
      return clients.get('server', step.serviceId).deleteFile(step.itemId, step.fileId);
    case 'deleteItem':
      return clients.get('server', step.serviceId).deleteItem(step.itemId);
    case 'moveFiles':
      return clients.files.move(step.files, step.folders);
    case 'rescanMovie':
      return clients.get('radarr', step.serviceId).rescan([step.movieId]);
    case 'rescanSeries':
      return clients.get('sonarr', step.serviceId).rescan(step.seriesId);
    case 'refreshPaths':
      return clients.get('server', step.serviceId).refreshPaths(step.libraryIds, step.paths);
  }
}

/** True when the effect the check stands for is observed (domain.md 6.7 "gone means"). */
export async function verify(clients: OperationClients, check: Check): Promise<boolean> {
  switch (check.check) {
    case 'movieGone':
      return (await clients.get('radarr', check.serviceId).movie(check.movieId)) === null;
    case 'movieUnmonitored': {
      const movie = await clients.get('radarr', check.serviceId).movie(check.movieId);
      return movie === null || !movie.monitored;
    }
    case 'fileGone': {
      if (check.system === 'server') {
        const ids = await clients.get('server', check.serviceId).fileIdsOf(check.itemId);
        return ids === null || !ids.includes(check.fileId);
      }
      const movie = await clients.get('radarr', check.serviceId).movie(check.movieId);
      return movie === null || movie.file?.externalId !== check.fileId;
    }
    case 'seriesGone':
      return (await clients.get('sonarr', check.serviceId).seriesById(check.seriesId)) === null;
    case 'seriesUnmonitored': {
      const series = await clients.get('sonarr', check.serviceId).seriesById(check.seriesId);
      return series === null || !series.monitored;
    }
    case 'filesGone': {
      const sonarr = clients.get('sonarr', check.serviceId);
      for (const id of check.fileIds) if ((await sonarr.episodeFile(id)) !== null) return false;
      return true;
    }
    case 'seasonsUnmonitored': {
      const series = await clients.get('sonarr', check.serviceId).seriesById(check.seriesId);
      return (
        series === null ||
        series.seasons.every((s) => !check.seasons.includes(s.seasonNumber) || !s.monitored)
      );
    }
    case 'episodesUnmonitored': {
      const episodes = await clients.get('sonarr', check.serviceId).episodes(check.seriesId);
      return episodes.every((e) => !check.episodeIds.includes(e.externalId) || !e.monitored);
    }
    case 'itemGone':
      return (await clients.get('server', check.serviceId).fileIdsOf(check.itemId)) === null;
    case 'moved':
      return clients.files.verify(check.files);
  }
}
