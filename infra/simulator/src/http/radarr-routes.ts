/**
 * Radarr v3-shaped API. `/api/v3/movie` returns every movie in one streamed array, like the
 * real endpoint (which has no paging). Radarr knows only the first file of a movie: extra
 * versions exist on the media server alone, as with a single Radarr instance.
 */
import { Router, type Request } from 'express';
import type { SimFile } from '../library/state';
import { arrCommonRoutes, mediaInfo, quality } from './arr-common';
import { dateOut, sendJson, streamJsonArray } from './respond';
import type { Sim } from './sim';

type Dto = Record<string, unknown>;

function movieFileDto(sim: Sim, index: number, file: SimFile): Dto {
  const { catalog } = sim.state;
  const movie = catalog.movie(index);
  const facts = catalog.file('movie', index, file.variant, movie.runtimeMs);
  const path = catalog.moviePath(movie, file.label);
  return {
    id: file.fileId,
    movieId: index + 1,
    relativePath: path.slice(path.lastIndexOf('/') + 1),
    path,
    size: facts.sizeBytes,
    dateAdded: dateOut(sim, 'radarr', file.addedAt, 'iso'),
    quality: quality(facts),
    mediaInfo: mediaInfo(facts),
    qualityCutoffNotMet: false,
    languages: [{ id: 1, name: 'English' }],
  };
}

export function movieDto(sim: Sim, index: number): Dto {
  const { catalog } = sim.state;
  const movie = catalog.movie(index);
  const file = sim.state.movieFiles(index)[0];
  const fileDto = file ? movieFileDto(sim, index, file) : undefined;
  return {
    id: index + 1,
    title: movie.title,
    originalTitle: movie.title,
    sortTitle: movie.title.toLowerCase().replace(/^the /, ''),
    sizeOnDisk: fileDto ? fileDto.size : 0,
    status: 'released',
    images: [{ coverType: 'poster', url: `/MediaCover/${index + 1}/poster.jpg` }],
    year: movie.year,
    hasFile: fileDto !== undefined,
    path: `/media/movies/${movie.title} (${movie.year})`,
    qualityProfileId: 1,
    monitored: sim.state.movieMonitored(index),
    minimumAvailability: 'released',
    runtime: Math.round(movie.runtimeMs / 60_000),
    tmdbId: movie.tmdbId,
    imdbId: movie.imdbId,
    genres: movie.genres,
    tags: sim.state.movieTags(index),
    added: dateOut(sim, 'radarr', movie.addedAt, 'iso'),
    movieFile: fileDto,
  };
}

function movieIndex(sim: Sim, id: string): number | null {
  const index = Number(id) - 1;
  return Number.isInteger(index) &&
    index >= 0 &&
    index < sim.state.movieCount &&
    sim.state.movieInRadarr(index)
    ? index
    : null;
}

function editor(sim: Sim, req: Request): void {
  const body = (req.body ?? {}) as {
    movieIds?: number[];
    monitored?: boolean;
    tags?: number[];
    applyTags?: string;
  };
  for (const id of body.movieIds ?? []) {
    const index = movieIndex(sim, String(id));
    if (index === null) continue;
    const tags = sim.state.movieTags(index);
    const override = sim.state.touchMovie(index);
    if (typeof body.monitored === 'boolean') override.monitored = body.monitored;
    if (body.tags && body.applyTags === 'add')
      override.tags = [...new Set([...tags, ...body.tags])];
    if (body.tags && body.applyTags === 'remove')
      override.tags = tags.filter((t) => !body.tags?.includes(t));
    if (body.tags && body.applyTags === 'replace') override.tags = [...body.tags];
  }
  sim.state.changed();
}

export function radarrRoutes(sim: Sim): Router {
  const router = Router();
  const { state } = sim;
  router.use(arrCommonRoutes(sim, 'radarr'));
  router.get('/api/v3/movie', (_req, res, next) => {
    const live = state.radarrMovies;
    streamJsonArray(res, sim, 'radarr', live.length, (p) => movieDto(sim, live.at(p))).catch(next);
  });
  router.get('/api/v3/movie/:id', (req, res) => {
    const index = movieIndex(sim, req.params.id);
    if (index === null) return void res.status(404).json({ message: 'NotFound' });
    sendJson(res, sim, 'radarr', movieDto(sim, index));
  });
  router.get('/api/v3/moviefile', (req, res) => {
    const index = movieIndex(sim, typeof req.query.movieId === 'string' ? req.query.movieId : '');
    const file = index === null ? undefined : state.movieFiles(index)[0];
    sendJson(res, sim, 'radarr', index !== null && file ? [movieFileDto(sim, index, file)] : []);
  });
  router.delete('/api/v3/moviefile/:id', (req, res) => {
    const fileId = Number(req.params.id);
    const index = state.movieOfFile(fileId);
    if (index === null || !state.movieInRadarr(index))
      return void res.status(404).json({ message: 'NotFound' });
    const files = state.movieFiles(index);
    const file = files.find((f) => f.fileId === fileId);
    sim.freedBytes.radarr += file
      ? state.catalog.file('movie', index, file.variant, state.catalog.movie(index).runtimeMs)
          .sizeBytes
      : 0;
    sim.mutate.removeMovieFile(index, files.indexOf(file as SimFile));
    res.status(200).json({});
  });
  router.delete('/api/v3/movie/:id', (req, res) => {
    const index = movieIndex(sim, req.params.id);
    if (index === null) return void res.status(404).json({ message: 'NotFound' });
    const override = state.touchMovie(index);
    override.arrRemoved = true;
    if (req.query.deleteFiles === 'true') {
      for (const file of state.movieFiles(index)) {
        sim.freedBytes.radarr += state.catalog.file(
          'movie',
          index,
          file.variant,
          state.catalog.movie(index).runtimeMs,
        ).sizeBytes;
      }
      override.files = [];
    }
    state.changed();
    res.status(200).json({});
  });
  router.put('/api/v3/movie/editor', (req, res) => {
    editor(sim, req);
    res.status(202).json([]);
  });
  return router;
}
